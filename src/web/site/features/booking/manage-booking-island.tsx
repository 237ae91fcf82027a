import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { ToastHost } from '../../../shared/lib/toaster.tsx';
import { defineIsland, Island, noProps } from '../../islands/island.tsx';
import { ManageBooking } from './manage-booking-page.tsx';

function ManageBookingIsland() {
  return (
    <>
      <ManageBooking />
      <ToastHost />
    </>
  );
}

export const manageBookingIsland = defineIsland({
  name: 'manage-booking',
  Component: ManageBookingIsland,
  namespaces: ['booking', 'availability'],
  props: noProps,
});

/**
 * The page, rendered once as a template for every secret: its first state (loading) is the same
 * for all, so the island hydrates it and then looks the secret up.
 */
export function ManageBookingPage() {
  const { t } = useTranslation('booking');
  // The page's own path, not the token's: titles and sharing tags never carry the link.
  usePageMeta({ title: t('manage.metaTitle'), description: t('manage.metaDescription'), path: '/booking' });
  return <Island island={manageBookingIsland} props={{}} when="load" />;
}
