/**
 * The manage page's answers (issue 26): "I'll be there" (the reminder's first button opens the page
 * with ?confirm=1 and this button first), changing the date, time and party size from the times
 * the database says are open, and claiming a table held for a waitlist guest. The database has
 * the last word on each; a refusal is said in the guest's language and nothing changes.
 */
import { useEffect, useId, useState } from 'react';
import type { AvailabilityRow } from '../../../../domain/availability.ts';
import { bookingSlot } from '../../../../domain/availability.ts';
import { formatBookingMoment, formatBookingTime } from '../../../../domain/booking-format.ts';
import { guestAnswerCodes, type ManagedBooking } from '../../../../domain/booking-lifecycle.ts';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useSearchParams } from '../../location.ts';
import { fetchAvailability } from '../availability/fetch-availability.ts';
import {
  type AnswerOutcome,
  changeManagedBooking,
  claimWaitlistTable,
  confirmManagedBooking,
} from './manage-booking-api.ts';
import styles from './manage-booking-extras.module.css';

const partySizes = Array.from({ length: 20 }, (_, index) => index + 1);

function useRefusalText(): (outcome: Exclude<AnswerOutcome, { kind: 'done' }>) => string {
  const { t } = useTranslation('booking');
  return (outcome) => {
    if (outcome.kind === 'failed') return t('guestAnswers.failed');
    switch (outcome.code) {
      case 'BK001':
        return t('guestAnswers.full');
      case guestAnswerCodes.notConfirmable:
      case guestAnswerCodes.notChangeable:
        return t('guestAnswers.tooLate');
      case guestAnswerCodes.alreadyClaimed:
        return t('guestAnswers.alreadyClaimed');
      case guestAnswerCodes.holdExpired:
        return t('guestAnswers.holdExpired');
      default:
        return t('guestAnswers.notBookable');
    }
  };
}

/** A held waitlist table: claim it before the hold runs out. */
export function ClaimPanel({
  token,
  booking,
  onChange,
}: {
  token: string;
  booking: ManagedBooking;
  onChange: (booking: ManagedBooking) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const refusal = useRefusalText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const claim = async () => {
    setBusy(true);
    const outcome = await claimWaitlistTable(token);
    setBusy(false);
    if (outcome.kind === 'done') {
      onChange(outcome.booking);
      notify.success(t('guestAnswers.claimedToast'));
    } else {
      setError(refusal(outcome));
    }
  };
  return (
    <div className={styles.box}>
      <h2 className={styles.title}>{t('guestAnswers.claimTitle')}</h2>
      <p>{t('guestAnswers.claimText', { until: formatBookingMoment(booking.held_until ?? '', language) })}</p>
      <Button onClick={() => void claim()} disabled={busy}>
        {busy ? t('guestAnswers.claiming') : t('guestAnswers.claim')}
      </Button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "I'll be there", or the guest's answer once given. */
export function AttendancePanel({
  token,
  booking,
  onChange,
}: {
  token: string;
  booking: ManagedBooking;
  onChange: (booking: ManagedBooking) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const refusal = useRefusalText();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const asked = params.get('confirm') === '1';
  if (booking.confirmed_at) {
    return (
      <p className={styles.confirmed} role="status">
        {t('guestAnswers.confirmedNote', { when: formatBookingMoment(booking.confirmed_at, language) })}
      </p>
    );
  }
  const confirm = async () => {
    setBusy(true);
    const outcome = await confirmManagedBooking(token);
    setBusy(false);
    if (outcome.kind === 'done') {
      onChange(outcome.booking);
      notify.success(t('guestAnswers.confirmedToast'));
    } else {
      setError(refusal(outcome));
    }
  };
  return (
    <div className={asked ? `${styles.box} ${styles.asked}` : styles.box}>
      <h2 className={styles.title}>{t('guestAnswers.attendTitle')}</h2>
      <p>{t('guestAnswers.attendText')}</p>
      <Button onClick={() => void confirm()} disabled={busy}>
        {busy ? t('guestAnswers.confirming') : t('guestAnswers.attend')}
      </Button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Change the date, time and party size: the times offered are those the database says are open. */
export function ChangeBookingForm({
  token,
  booking,
  onChange,
}: {
  token: string;
  booking: ManagedBooking;
  onChange: (booking: ManagedBooking) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const refusal = useRefusalText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(booking.date);
  const [guests, setGuests] = useState(booking.guests);
  const [time, setTime] = useState(bookingSlot(booking.time, booking.period) ?? '');
  const [slots, setSlots] = useState<AvailabilityRow[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const current = bookingSlot(booking.time, booking.period);

  useEffect(() => {
    if (!open || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const abort = new AbortController();
    setSlots(undefined);
    fetchAvailability({ branch: booking.branch, date, guests }, abort.signal).then(setSlots, () => setSlots([]));
    return () => abort.abort();
  }, [open, date, guests, booking.branch]);

  // The booking's own time counts its own covers as taken: it stays on offer for its own party.
  const open_ = (slots ?? []).filter(
    (row) => row.status === 'open' || (date === booking.date && row.slot === current && guests <= booking.guests),
  );
  const chosen = open_.some((row) => row.slot === time) ? time : '';

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('guestAnswers.change')}
      </Button>
    );
  }
  const save = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(undefined);
    const outcome = await changeManagedBooking(token, { date, time: chosen, guests });
    setBusy(false);
    if (outcome.kind === 'done') {
      onChange(outcome.booking);
      setOpen(false);
      notify.success(t('guestAnswers.changedToast'));
    } else {
      setError(refusal(outcome));
    }
  };
  return (
    <form
      className={styles.box}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 className={styles.title} id={`${id}-title`}>
        {t('guestAnswers.changeTitle')}
      </h2>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span>{t('guestAnswers.date')}</span>
          <input
            type="date"
            value={date}
            min={restaurantDay(new Date())}
            required
            onChange={(event) => setDate(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('guestAnswers.guests')}</span>
          <select value={guests} onChange={(event) => setGuests(Number(event.target.value))}>
            {partySizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('guestAnswers.time')}</span>
          <select
            value={chosen}
            required
            onChange={(event) => setTime(event.target.value)}
            aria-busy={slots === undefined}
          >
            <option value="">
              {slots === undefined ? t('guestAnswers.loadingTimes') : t('guestAnswers.pickTime')}
            </option>
            {open_.map((row) => (
              <option key={row.slot} value={row.slot}>
                {formatBookingTime(row.slot, '', language)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {slots !== undefined && open_.length === 0 ? <p className={styles.error}>{t('guestAnswers.noTimes')}</p> : null}
      <div className={styles.buttons}>
        <Button type="submit" disabled={busy || !chosen}>
          {busy ? t('guestAnswers.saving') : t('guestAnswers.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          {t('guestAnswers.keep')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
