/**
 * The fixed site header, as plain markup: it renders the same on the server and in the browser,
 * and works without JavaScript. Links are ordinary links (a section link from another page is a
 * page load to /#section); on small screens the links fold into a popover opened by the menu
 * button (the Popover API: open, Escape and closing by a click outside need no script).
 * frame-behaviour.ts adds the rest: aria-expanded, closing once an item is chosen, smooth
 * scrolling to the home page's sections, remembering the language chosen.
 */
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';
import { type HomeSection, paths } from '../../../domain/routes.ts';
import { useLocalize } from '../i18n/language.ts';
import { useTranslation } from '../i18n/translation.tsx';
import { buttonClass } from '../ui/button.tsx';
import { BrandMark } from './brand-mark.tsx';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch.tsx';

/** The menu's id: one header per page, and frame-behaviour.ts finds the menu through its button. */
export const headerMenuId = 'site-menu';

/**
 * Whether a link to `to` is the current page, as react-router's NavLink decided it (case aside):
 * with `end`, the path itself only; without, also any path below it.
 */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target || (here.endsWith('/') && here.slice(0, -1) === target)) return true;
  return !end && target !== '/' && here.startsWith(`${target}/`);
}

type NavItem = { label: string; href: string; section?: HomeSection; current: boolean };

export function Header({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const home = localize(paths.home);
  const menu = localize(paths.menu);
  const reservation = localize(paths.reservation);
  const sectionLink = (label: string, section: HomeSection): NavItem => ({
    label,
    href: `${home}#${section}`,
    section,
    current: false,
  });

  const items: NavItem[] = [
    { label: t('nav.home'), href: home, section: 'home', current: isCurrent(pathname, home, true) },
    sectionLink(t('nav.about'), 'our-story'),
    { label: t('nav.menu'), href: menu, current: isCurrent(pathname, menu, true) },
    sectionLink(t('nav.testimonials'), 'testimonials'),
    sectionLink(t('nav.contact'), 'contact'),
  ];

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a href={home} className={styles.brand} data-section="home">
          <BrandMark className={styles.mark} />
          <span>{restaurantProfile.name}</span>
        </a>
        {/* aria-expanded is the script's to keep; without it the browser reports the popover's state. */}
        <button type="button" className={styles.toggle} popoverTarget={headerMenuId} aria-controls={headerMenuId}>
          <span className={styles.toggleIcon} aria-hidden="true" />
          <span className="visually-hidden">{t('nav.toggle')}</span>
        </button>
        <nav id={headerMenuId} popover="auto" aria-label={t('nav.label')} className={styles.nav}>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.label}>
                <a
                  href={item.href}
                  className={styles.link}
                  aria-current={item.current ? 'page' : undefined}
                  data-section={item.section}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <LanguageSwitch
            pathname={pathname}
            listClassName={styles.languages}
            linkClassName={`${styles.link} ${styles.language}`}
          />
          <a
            href={reservation}
            className={buttonClass('primary', styles.cta)}
            aria-current={isCurrent(pathname, reservation, false) ? 'page' : undefined}
          >
            {t('nav.bookTable')}
          </a>
        </nav>
      </div>
    </header>
  );
}
