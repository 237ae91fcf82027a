/**
 * Shared between notify() and ToastHost: whether a Toaster is wanted, and a promise that settles
 * once one is mounted and listening (sonner drops toasts raised before its Toaster subscribes).
 */
type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();
let markReady: (() => void) | undefined;
let ready: Promise<void> | undefined;
let library: Promise<Sonner> | undefined;

export function loadSonner(): Promise<Sonner> {
  library ??= import('sonner').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

export async function requestToaster(): Promise<Sonner> {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
  });
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [sonner] = await Promise.all([loadSonner(), ready]);
  return sonner;
}

export function toasterWanted(): boolean {
  return wanted;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by ToastHost once its Toaster has mounted. */
export function toasterMounted(): void {
  markReady?.();
}
