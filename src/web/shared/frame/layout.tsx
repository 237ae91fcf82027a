import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { languageTags } from '../../../domain/routes.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/language.ts';
import { I18nProvider, useTranslation } from '../i18n/translation.tsx';
import { ToastHost } from '../lib/toaster.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LanguageOffer } from './language-offer.tsx';
import styles from './layout.module.css';
import { PageTransition } from './page-transition.tsx';

/** The page in its language: every message below comes from that language's i18n instance. */
export function Layout() {
  const language = useLanguage();
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
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <PageTransition>
          <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </PageTransition>
      </main>
      <Footer />
      <LanguageOffer />
      <ToastHost />
    </>
  );
}
