/**
 * The timeline (/admin/timeline?branch=…&date=…): the branch's tables in rows by area, the day's
 * opening hours in 15-minute columns, each booking a bar over its turn; bookings without a table in
 * a tray; covers and tables in use per step along the top. A host moves a booking by dragging it
 * (mouse or touch), with the arrow keys, or with "Move to…"; the database decides every move.
 */
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { HostViewScreen } from '../host-view/host-view-screen.tsx';
import { Timeline } from './timeline.tsx';

export function TimelinePage() {
  const { t } = useTranslation('timeline');
  return (
    <HostViewScreen title={t('title')} subtitle={t('subtitle')}>
      {(props) => <Timeline {...props} />}
    </HostViewScreen>
  );
}
