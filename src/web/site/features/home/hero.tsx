import { paths } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { eyebrowClass } from '../../../shared/ui/section-heading.tsx';
import styles from './home.module.css';

export function Hero() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  return (
    <section id="home" tabIndex={-1} aria-labelledby="home-title" className={styles.hero}>
      <div className={styles.heroText}>
        <p className={eyebrowClass}>{t('hero.tagline')}</p>
        <h1 id="home-title" className={styles.heroTitle}>
          {t('hero.headline')}
        </h1>
        <p className={styles.heroLead}>{t('hero.text')}</p>
        <div className={styles.heroActions}>
          {/* A real in-page link; frame-behaviour.ts makes the jump smooth. */}
          <a href="#booking" className={buttonClass('primary', styles.bigButton)}>
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
