/**
 * Around every staff route: the language of the address, the skip link and the toasts. The
 * frame itself (app bar, navigation) is the signed-in screens' (shell/app-shell.tsx); the sign-in
 * screen has none. Never the public site's header or footer.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { languageTags, splitLanguage } from '../../domain/routes.ts';
import { enhanceFrame } from '../shared/frame/frame-behaviour.ts';
import styles from '../shared/frame/layout.module.css';
import { i18nFor } from '../shared/i18n/i18n.ts';
import { I18nProvider, useTranslation } from '../shared/i18n/translation.tsx';
import { ToastHost, type ToastPlace } from '../shared/lib/toaster.tsx';

export function StaffLayout() {
  const { pathname } = useLocation();
  const { language } = splitLanguage(pathname);
  useEffect(() => {
    document.documentElement.lang = languageTags[language].bcp47;
  }, [language]);
  // The language switch's links: the choice is remembered, the address's query carried over.
  useEffect(() => enhanceFrame(document), []);
  return (
    <I18nProvider i18n={i18nFor(language)}>
      <Frame />
    </I18nProvider>
  );
}

/**
 * Toasts at the bottom right, clear of the filters and the rows being worked on (visual brief),
 * and raised above a screen's sticky save bar and a phone's navigation bar, so they never cover
 * the button pressed next.
 */
const toastPlace: ToastPlace = { position: 'bottom-right', bottom: '5.5rem' };

function Frame() {
  const { t } = useTranslation();
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
        <Outlet />
      </Suspense>
      <ToastHost place={toastPlace} />
    </>
  );
}
