import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { localizePath, paths } from '../../../../domain/routes.ts';
import { ToastHost } from '../../../shared/lib/toaster.tsx';
import { defineIsland, Island, noProps } from '../../islands/island.tsx';
import { ReservationForm } from './reservation-page.tsx';

const systemClock = () => new Date();

function ReservationFormIsland() {
  return (
    <>
      <ReservationForm now={systemClock} />
      <ToastHost />
    </>
  );
}

export const reservationFormIsland = defineIsland({
  name: 'reservation-form',
  Component: ReservationFormIsland,
  namespaces: ['reservation', 'availability'],
  props: noProps,
});

export function ReservationPage() {
  const { t } = useTranslation('reservation');
  const language = useLanguage();
  usePageMeta({ title: t('meta.title'), description: t('meta.description'), path: localizePath(paths.reservation, language) });
  return <Island island={reservationFormIsland} props={{}} when="visible" />;
}
