/**
 * The one toast channel: every feature reports outcomes through here, so messages look and are
 * announced (role=status) the same way everywhere. The toast library loads with the first
 * message, not with the page: ToastHost (mounted once in the layout) renders its Toaster then,
 * and the message is shown once that Toaster listens.
 */
import { requestToaster } from './toaster-state.ts';

export type NotifyKind = 'success' | 'error';

function show(kind: NotifyKind, message: string): void {
  void requestToaster()
    .then(({ toast }) => {
      toast[kind](message);
    })
    .catch((error: unknown) => {
      // The toast library failed to load (offline?): the message still reaches the console.
      console.error('Could not show a notification:', message, error);
    });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
