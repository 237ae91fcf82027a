/** Mounts sonner's Toaster the first time a feature calls notify(), keeping it out of the first page load. */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { paths, splitLanguage } from '../../../domain/routes.ts';
import { useTranslation } from '../i18n/translation.tsx';
import { loadSonner, subscribeToaster, toasterMounted, toasterWanted } from './toaster-state.ts';

const staffPaths = new Set<string>([
  paths.adminLogin,
  paths.adminDashboard,
  paths.adminSettings,
  paths.adminAccount,
  paths.adminPrint,
]);
const isStaffPath = (pathname: string) => staffPaths.has(splitLanguage(pathname).path);

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function ReadyToaster() {
    // Effects run child first: by now the Toaster has subscribed to new toasts.
    useEffect(() => toasterMounted(), []);
    // On the staff screens toasts sit bottom-right, clear of the rows being worked on (visual brief).
    // Rendered in the browser only (never prerendered), once a feature has something to say.
    const staff = isStaffPath(window.location.pathname);
    const { t } = useTranslation();
    return (
      <Toaster
        position={staff ? 'bottom-right' : 'top-center'}
        richColors
        closeButton
        containerAriaLabel={t('toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    );
  }
  return { default: ReadyToaster };
});

export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
