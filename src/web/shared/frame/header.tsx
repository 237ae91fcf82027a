/**
 * The fixed site header. Section links scroll smoothly on the home page; from another page they
 * go home first and scroll after about 100 ms. On small screens the links fold behind a toggle.
 */
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';
import { type HomeSection, paths } from '../../../domain/routes.ts';
import { useLocalize } from '../i18n/language.ts';
import { useTranslation } from '../i18n/translation.tsx';
import { buttonClass } from '../ui/button.tsx';
import { BrandMark } from './brand-mark.tsx';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch.tsx';
import { scrollAfterNavigationMs, scrollToSection } from './section-scroll.ts';

type NavItem =
  | { kind: 'route'; label: string; to: string; section?: HomeSection }
  | { kind: 'section'; label: string; section: HomeSection };

export function Header({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const navigate = (to: string) => window.location.assign(to);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const localize = useLocalize();
  const home = localize(paths.home);
  const onHome = pathname === home;

  // A new page closes the menu (also when reached by the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, section: HomeSection) => {
    setOpen(false);
    // Let the browser handle new-tab and similar clicks itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (onHome) {
      scrollToSection(section);
    } else {
      navigate(home);
      scrollToSection(section, scrollAfterNavigationMs);
    }
  };

  const items: NavItem[] = [
    { kind: 'route', label: t('nav.home'), to: home, section: 'home' },
    { kind: 'section', label: t('nav.about'), section: 'our-story' },
    { kind: 'route', label: t('nav.menu'), to: localize(paths.menu) },
    { kind: 'section', label: t('nav.testimonials'), section: 'testimonials' },
    { kind: 'section', label: t('nav.contact'), section: 'contact' },
  ];

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a href={home} className={styles.brand} onClick={() => setOpen(false)}>
          <BrandMark className={styles.mark} />
          <span>{restaurantProfile.name}</span>
        </a>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" data-open={open} />
          <span className="visually-hidden">{t('nav.toggle')}</span>
        </button>
        <nav id={navId} aria-label={t('nav.label')} className={styles.nav} data-open={open}>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.label}>
                {item.kind === 'route' ? (
                  <a href={item.to} aria-current={pathname === item.to ? 'page' : undefined} className={styles.link}
                    onClick={(event) => {
                      if (item.section && onHome && item.to === home) goToSection(event, item.section);
                      else setOpen(false);
                    }}
                  >
                    {item.label}
                  </a>
                ) : (
                  <a
                    href={`${home}#${item.section}`}
                    className={styles.link}
                    onClick={(event) => goToSection(event, item.section)}
                  >
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <LanguageSwitch
            listClassName={styles.languages}
            linkClassName={`${styles.link} ${styles.language}`}
            onSwitch={() => setOpen(false)}
          />
          <a href={localize(paths.reservation)} aria-current={pathname === localize(paths.reservation) ? 'page' : undefined} className={buttonClass('primary', styles.cta)}
            onClick={() => setOpen(false)}
          >
            {t('nav.bookTable')}
          </a>
        </nav>
      </div>
    </header>
  );
}
