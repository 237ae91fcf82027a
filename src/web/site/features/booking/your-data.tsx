/**
 * The guest's "Your data" part (issue 25). On the manage page (scope 'booking') it covers that one
 * booking: the consent to news and offers given through it (given or withdrawn here; the booking
 * email's footer link lands here with ?consent=withdraw and withdraws at once), what is kept about
 * the booking (a readable list and a JSON file), its erasure, final, behind a confirm step, and
 * "Email me a link to all my data". On the emailed link's page (scope 'mailbox', review #31 item 1)
 * the same covers everything kept under the address, and news and offers stop for the guest as a
 * whole.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { paths } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useSearchParams } from '../../location.ts';
import styles from './booking-receipt.module.css';
import {
  type DataScope,
  eraseMyData,
  fetchKeptData,
  fetchNewsConsent,
  type KeptData,
  requestDataLink,
  setNewsConsent,
  withdrawNewsEverywhere,
} from './your-data-api.ts';

/** The query parameter of the email footer's "stop news and offers" link. */
export const withdrawConsentParameter = 'consent';

const shownFields = [
  'reference',
  'name',
  'mobile',
  'email',
  'date',
  'time',
  'guests',
  'branch',
  'notes',
  'status',
] as const;

export function YourData({
  token,
  reference,
  scope,
  onErased,
}: {
  token: string;
  /** Names the downloaded file. */
  reference: string;
  scope: DataScope;
  onErased: () => void;
}) {
  const { t } = useTranslation('booking');
  const localize = useLocalize();
  const [searchParams, setSearchParams] = useSearchParams();
  const [news, setNews] = useState<boolean>();
  const [savingNews, setSavingNews] = useState(false);
  const [kept, setKept] = useState<KeptData>();
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [mailed, setMailed] = useState(false);
  const [newsStopped, setNewsStopped] = useState(false);
  const [noneHere, setNoneHere] = useState(false);
  const withdrawing = useRef(scope === 'booking' && searchParams.get(withdrawConsentParameter) === 'withdraw');

  useEffect(() => {
    if (scope !== 'booking') return;
    void (async () => {
      if (withdrawing.current) {
        withdrawing.current = false;
        // A consent given with another booking is not this link's to withdraw: say where to go
        // rather than confirm a withdrawal that did not happen.
        if ((await fetchNewsConsent(token)) === false) {
          setNoneHere(true);
        } else if (await setNewsConsent(token, false, 'email_link')) {
          notify.success(t('yourData.newsWithdrawn'));
        }
        setSearchParams({}, { replace: true });
      }
      setNews(await fetchNewsConsent(token));
    })();
  }, [token, scope, t, setSearchParams]);

  const toggleNews = async (given: boolean) => {
    setSavingNews(true);
    const done = await setNewsConsent(token, given, 'manage_page');
    setSavingNews(false);
    if (!done) {
      notify.error(t('yourData.failed'));
      return;
    }
    setNews(given);
    notify.success(given ? t('yourData.newsGiven') : t('yourData.newsWithdrawn'));
  };

  const stopNews = async () => {
    setSavingNews(true);
    const done = await withdrawNewsEverywhere(token);
    setSavingNews(false);
    if (!done) {
      notify.error(t('yourData.failed'));
      return;
    }
    setNewsStopped(true);
    notify.success(t('yourData.newsWithdrawn'));
  };

  const mailLink = async () => {
    setMailing(true);
    const done = await requestDataLink(token);
    setMailing(false);
    if (!done) {
      notify.error(t('yourData.failed'));
      return;
    }
    setMailed(true);
  };

  const load = async (): Promise<KeptData | undefined> => {
    const data = kept ?? (await fetchKeptData(token, scope));
    if (!data) notify.error(t('yourData.failed'));
    setKept(data);
    return data;
  };

  const download = async () => {
    const data = await load();
    if (!data) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `saffron-lotus-${reference}.json`;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  const erase = async () => {
    setErasing(true);
    const count = await eraseMyData(token, scope);
    setErasing(false);
    setConfirming(false);
    if (count === undefined) {
      notify.error(t('yourData.failed'));
      return;
    }
    setErased(true);
    setKept(undefined);
    setNews(false);
    notify.success(t('yourData.erasedToast'));
    onErased();
  };

  return (
    <section className={`${styles.panel} ${styles.card}`} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.panelTitle}>
        {t('yourData.title')}
      </h2>
      <p className={styles.intro}>
        {t(scope === 'booking' ? 'yourData.intro' : 'yourData.mailboxIntro')}{' '}
        <a href={localize(paths.privacy)}>{t('yourData.privacyLink')}</a>
      </p>
      {erased ? (
        <p role="status">{t('yourData.erasedNote')}</p>
      ) : (
        <>
          {scope === 'booking' ? (
            <>
              <label>
                <input
                  type="checkbox"
                  checked={news === true}
                  disabled={news === undefined || savingNews}
                  onChange={(event) => void toggleNews(event.target.checked)}
                />{' '}
                {t('yourData.news')}
              </label>
              {noneHere ? <p role="status">{t('yourData.newsNoneHere')}</p> : null}
            </>
          ) : newsStopped ? (
            <p role="status">{t('yourData.newsWithdrawn')}</p>
          ) : (
            <p>
              <Button variant="secondary" onClick={() => void stopNews()} disabled={savingNews}>
                {t('yourData.stopNews')}
              </Button>
            </p>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void load()}>
              {t('yourData.show')}
            </Button>
            <Button variant="secondary" onClick={() => void download()}>
              {t('yourData.download')}
            </Button>
            <Dialog.Root open={confirming} onOpenChange={(open) => !erasing && setConfirming(open)}>
              <Dialog.Trigger asChild>
                <Button className={styles.danger}>{t('yourData.erase')}</Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className={styles.overlay} />
                <Dialog.Content className={styles.dialog}>
                  <Dialog.Title className={styles.dialogTitle}>{t('yourData.confirmTitle')}</Dialog.Title>
                  <Dialog.Description>
                    {t(scope === 'booking' ? 'yourData.confirmText' : 'yourData.mailboxConfirmText')}
                  </Dialog.Description>
                  <div className={styles.dialogActions}>
                    <Dialog.Close asChild>
                      <Button variant="secondary" disabled={erasing}>
                        {t('yourData.keep')}
                      </Button>
                    </Dialog.Close>
                    <Button className={styles.danger} onClick={() => void erase()} disabled={erasing}>
                      {erasing ? t('yourData.erasing') : t('yourData.confirmErase')}
                    </Button>
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          </div>
          {scope === 'booking' ? (
            <div>
              <p>{t('yourData.mailIntro')}</p>
              {mailed ? (
                <p role="status">{t('yourData.mailSent')}</p>
              ) : (
                <Button variant="secondary" onClick={() => void mailLink()} disabled={mailing}>
                  {mailing ? t('yourData.mailSending') : t('yourData.mailButton')}
                </Button>
              )}
            </div>
          ) : null}
        </>
      )}
      {kept ? (
        <div>
          <h3>{t('yourData.keptTitle')}</h3>
          {kept.bookings.map((booking) => (
            <dl key={String(booking.reference)} className={styles.details}>
              {shownFields.map((field) => (
                <div key={field}>
                  <dt>{t(`yourData.fields.${field}`)}</dt>
                  <dd>{booking[field] === null || booking[field] === undefined ? '—' : String(booking[field])}</dd>
                </div>
              ))}
            </dl>
          ))}
          <p>
            {t('yourData.keptSummary', {
              history: t('yourData.keptHistory', { count: kept.history.length }),
              emails: t('yourData.keptEmails', { count: kept.emails.length }),
              consents: t('yourData.keptConsents', { count: kept.consents.length }),
            })}
          </p>
        </div>
      ) : null}
    </section>
  );
}
