import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { languageTags, splitLanguage } from '../../../domain/routes.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { I18nProvider, useTranslation } from '../i18n/translation.tsx';
import { ToastHost } from '../lib/toaster.tsx';
import { Footer } from './footer.tsx';
import { enhanceFrame } from './frame-behaviour.ts';
import { Header } from './header.tsx';
import { LanguageOffer } from './language-offer.tsx';
import styles from './layout.module.css';

/** The page in its language: every message below comes from that language's i18n instance. */
export function Layout() {
  // From the URL: useLanguage() reads the provider given below, so it cannot answer here.
  const { language } = splitLanguage(useLocation().pathname);
  useEffect(() => {
    document.documentElement.lang = languageTags[language].bcp47;
  }, [language]);
  return (
    <I18nProvider i18n={i18nFor(language)}>
      <Frame />
    </I18nProvider>
  );
}

function Frame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => enhanceFrame(), []);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Header pathname={pathname} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <LanguageOffer />
      <ToastHost />
    </>
  );
}
