/**
 * /booking/data/<token>: the page of the link emailed to a booking's address (review #31, item 1).
 * Whoever opens it holds that mailbox, so it shows, exports and erases everything kept under the
 * address, and stops news and offers for the guest as a whole. A link that has expired, was
 * replaced by a newer one or was used to erase says so and points back to the booking's page.
 * Private like the manage page: not indexed, no Referer.
 */
import { useCallback, useEffect, useState } from 'react';
import { paths } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { usePathname } from '../../location.ts';
import styles from './booking-receipt.module.css';
import { YourData } from './your-data.tsx';
import { dataLinkOpens } from './your-data-api.ts';

/** The page's content, an island: what it shows depends on the secret in the address. */
export function DataLink() {
  const { t } = useTranslation('booking');
  // The secret is the path's last segment (/booking/<token>, /vi/booking/data/<token>).
  const token = decodeURIComponent(usePathname().split('/').filter(Boolean).at(-1) ?? '');
  const localize = useLocalize();
  const [state, setState] = useState<'loading' | 'open' | 'closed' | 'failed'>('loading');

  const load = useCallback(() => {
    setState('loading');
    void dataLinkOpens(token).then(setState);
  }, [token]);
  useEffect(load, [load]);

  if (state === 'loading') {
    return (
      <section className={styles.page} aria-busy="true">
        <p role="status">{t('dataLink.loading')}</p>
      </section>
    );
  }
  if (state === 'failed') {
    return (
      <section className={styles.page}>
        <p role="alert">{t('dataLink.loadFailed')}</p>
        <Button onClick={load}>{t('manage.retry')}</Button>
      </section>
    );
  }
  if (state === 'closed') {
    return (
      <section className={`${styles.page} ${styles.notFound}`} aria-labelledby="data-link-closed-title">
        <SectionHeading
          level={1}
          id="data-link-closed-title"
          eyebrow={t('dataLink.eyebrow')}
          title={t('dataLink.closedTitle')}
          intro={t('dataLink.closedText')}
          className={styles.head}
        />
        <a href={localize(paths.home)} className={buttonClass('primary')}>
          {t('manage.returnHome')}
        </a>
      </section>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="data-link-title">
      <SectionHeading
        level={1}
        id="data-link-title"
        eyebrow={t('dataLink.eyebrow')}
        title={t('dataLink.title')}
        className={styles.head}
      />
      <YourData token={token} reference="all-my-data" scope="mailbox" onErased={() => undefined} />
    </section>
  );
}
