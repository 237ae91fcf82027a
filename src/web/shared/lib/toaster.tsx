/** Mounts sonner's Toaster the first time a feature calls notify(), keeping it out of the first page load. */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { loadSonner, subscribeToaster, toasterMounted, toasterWanted } from './toaster-state.ts';

/** Where toasts appear: the site's at the top centre; the staff app sets its own (layout.tsx). */
export interface ToastPlace {
  position: 'top-center' | 'top-right';
  /** From the window's top edge, as CSS (clear of a sticky bar). */
  top?: string;
}

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function ReadyToaster({ place }: { place: ToastPlace }) {
    // Effects run child first: by now the Toaster has subscribed to new toasts.
    useEffect(() => toasterMounted(), []);
    // Rendered in the browser only (never prerendered), once a feature has something to say.
    const { t } = useTranslation();
    return (
      <Toaster
        position={place.position}
        offset={place.top ? { top: place.top } : undefined}
        richColors
        closeButton
        containerAriaLabel={t('toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    );
  }
  return { default: ReadyToaster };
});

const sitePlace: ToastPlace = { position: 'top-center' };

export function ToastHost({ place = sitePlace }: { place?: ToastPlace }) {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster place={place} />
    </Suspense>
  );
}
