import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ToastHost } from '../lib/toaster.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './layout.module.css';
import { PageTransition } from './page-transition.tsx';

export function Layout() {
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
      <ToastHost />
    </>
  );
}
