import type { MouseEvent } from 'react';
import { paths } from '../../../../domain/routes.ts';
import { scrollToSection } from '../../../shared/frame/section-scroll.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { eyebrowClass } from '../../../shared/ui/section-heading.tsx';
import styles from './home.module.css';

export function Hero() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const toBooking = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToSection('booking');
  };
  return (
    <section id="home" tabIndex={-1} aria-labelledby="home-title" className={styles.hero}>
      <div className={styles.heroText}>
        <p className={eyebrowClass}>{t('hero.tagline')}</p>
        <h1 id="home-title" className={styles.heroTitle}>
          {t('hero.headline')}
        </h1>
        <p className={styles.heroLead}>{t('hero.text')}</p>
        <div className={styles.heroActions}>
          {/* A real in-page link (works before hydration, can be copied); the handler makes it smooth. */}
          {/* biome-ignore lint/a11y/useValidAnchor: it is a link to #booking; onClick only animates the jump */}
          <a href="#booking" className={buttonClass('primary', styles.bigButton)} onClick={toBooking}>
            {t('hero.cta')}
          </a>
          <a href={localize(paths.menu)} className={styles.textLink}>
            {t('hero.menuLink')}
          </a>
        </div>
      </div>
      <div className={styles.heroMedia}>
        {/* The largest paint of the page: fetched first, never lazily. */}
        <img
          src="/images/hero.svg"
          width={1600}
          height={1000}
          alt={t('hero.imageAlt')}
          fetchPriority="high"
          decoding="async"
          className={styles.heroImage}
        />
      </div>
    </section>
  );
}
