/**
 * The one toast channel: every feature reports outcomes through here, so messages look and are
 * announced (role=status) the same way everywhere. The Toaster is mounted once in the layout.
 */
import { toast } from 'sonner';

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};
