/** Mounts sonner's Toaster the first time a feature calls notify(), keeping it out of the first page load. */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadSonner, subscribeToaster, toasterMounted, toasterWanted } from './toaster-state.ts';

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function ReadyToaster() {
    // Effects run child first: by now the Toaster has subscribed to new toasts.
    useEffect(() => toasterMounted(), []);
    return <Toaster position="top-center" richColors closeButton />;
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
