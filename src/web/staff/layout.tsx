/**
 * The staff app's frame, as today: the site's header and footer around the screen (the staff app's
 * own shell replaces it in the next issue), in the language of the address.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { languageTags, splitLanguage } from '../../domain/routes.ts';
import { Footer } from '../shared/frame/footer.tsx';
import { enhanceFrame } from '../shared/frame/frame-behaviour.ts';
import { Header } from '../shared/frame/header.tsx';
import styles from '../shared/frame/layout.module.css';
import { i18nFor } from '../shared/i18n/i18n.ts';
import { I18nProvider, useTranslation } from '../shared/i18n/translation.tsx';
import { ToastHost } from '../shared/lib/toaster.tsx';

export function StaffLayout() {
  const { pathname } = useLocation();
  const { language } = splitLanguage(pathname);
  useEffect(() => {
    document.documentElement.lang = languageTags[language].bcp47;
  }, [language]);
  useEffect(() => enhanceFrame(document), []);
  return (
    <I18nProvider i18n={i18nFor(language)}>
      <Frame pathname={pathname} />
    </I18nProvider>
  );
}

function Frame({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Header pathname={pathname} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <div>
          <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
      <ToastHost />
    </>
  );
}
