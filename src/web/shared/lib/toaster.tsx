/** Mounts sonner's Toaster the first time a feature calls notify(), keeping it out of the first page load. */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { loadSonner, subscribeToaster, toasterMounted, toasterWanted } from './toaster-state.ts';

/** Where toasts appear: the site's at the top centre; the staff app sets its own (layout.tsx). */
export interface ToastPlace {
  position: 'top-center' | 'bottom-right';
  /** From the window's bottom edge, as CSS (clear of a sticky bar). */
  bottom?: string;
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
        offset={place.bottom ? { bottom: place.bottom } : undefined}
        mobileOffset={place.bottom ? { bottom: place.bottom } : undefined}
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
