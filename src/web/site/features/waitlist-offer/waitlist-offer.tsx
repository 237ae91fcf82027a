/**
 * "Tell me if a table frees up" (issue 26): shown under both booking forms, and loaded only then,
 * when a time the guest wants that day is full. The guest leaves a name, mobile and email for the
 * day, the party size and an hour from the time chosen; the database keeps them in order
 * (public.waitlist_entries: anon may insert, and read nothing back), and when a table that fits
 * comes free, the first guest waiting is emailed a link that holds it for them. A window with a
 * table free by the time the guest sends it is refused with those times (book instead), and one
 * mobile number or email waits once a day.
 */
import { useId, useState } from 'react';
import { waitlistFreeTimesSchema, waitlistRefusalCodes } from '../../../../domain/booking-lifecycle.ts';
import { formatClock } from '../../../../domain/format-dong.ts';
import { type Language, languageTags } from '../../../../domain/routes.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { getSupabase } from '../../../shared/lib/supabase.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './waitlist-offer.module.css';

export interface WaitlistOfferProps {
  branch: string;
  date: string;
  guests: number;
  /** The full times of the day ("19:00"), the chosen one first when it is full. */
  fullSlots: readonly string[];
  /** What the guest has typed into the booking form already. */
  typed: { name?: string; mobile?: string; email?: string };
  language: Language;
  /** Takes the guest back to the booking form's times (fresh) when a table turns out to be free. */
  onBookInstead: () => void;
}

/** Why the entry was not taken, as the form says it. */
type Refusal = { kind: 'free'; times: readonly string[] } | { kind: 'alreadyWaiting' } | { kind: 'failed' };

function refusalOf(error: { code?: string; details?: string | null }): Refusal {
  if (error.code === waitlistRefusalCodes.alreadyWaiting) return { kind: 'alreadyWaiting' };
  if (error.code === waitlistRefusalCodes.free) {
    try {
      const detail = waitlistFreeTimesSchema.safeParse(JSON.parse(error.details ?? ''));
      if (detail.success) return { kind: 'free', times: detail.data.free };
    } catch {
      // A detail that is not JSON says nothing more than "failed".
    }
  }
  return { kind: 'failed' };
}

/**
 * The window a guest waits for: the time chosen, and the half hours after it (up to an hour) that
 * are full too — a time still open is the guest's to book now, not to wait for.
 */
function windowEnd(slot: string, full: readonly string[]): string {
  const [hours = 0, minutes = 0] = slot.split(':').map(Number);
  const at = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  let end = hours * 60 + minutes;
  while (end - (hours * 60 + minutes) < 60 && full.includes(at(end + 30))) end += 30;
  return at(end);
}

export function WaitlistOffer(props: WaitlistOfferProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState(props.fullSlots[0] ?? '');
  const [name, setName] = useState(props.typed.name ?? '');
  const [mobile, setMobile] = useState(props.typed.mobile ?? '');
  const [email, setEmail] = useState(props.typed.email ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | Refusal>('idle');
  const chosen = props.fullSlots.includes(slot) ? slot : (props.fullSlots[0] ?? '');
  const clock = (time: string) => formatClock(time, props.language);
  const end = windowEnd(chosen, props.fullSlots);
  const span = { from: clock(chosen), to: clock(end) };
  const single = end === chosen;

  if (state === 'done') {
    return (
      <p className={styles.done} role="status">
        {t(single ? 'waitlist.joinedAt' : 'waitlist.joined', { count: props.guests, ...span })}
      </p>
    );
  }
  if (!open) {
    return (
      <div className={styles.offer}>
        <p>{t('waitlist.intro')}</p>
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          {t('waitlist.open')}
        </Button>
      </div>
    );
  }
  const send = async () => {
    setState('sending');
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.from('waitlist_entries').insert({
        branch: props.branch,
        date: props.date,
        time_from: chosen,
        time_to: end,
        guests: props.guests,
        name: name.trim(),
        mobile: mobile.trim(),
        email: email.trim(),
        language: props.language,
      });
      setState(error ? refusalOf(error) : 'done');
    } catch {
      setState({ kind: 'failed' });
    }
  };
  return (
    <form
      className={styles.offer}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h3 className={styles.title} id={`${id}-title`}>
        {t('waitlist.title')}
      </h3>
      <p>{t(single ? 'waitlist.explainAt' : 'waitlist.explain', { count: props.guests, ...span })}</p>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span>{t('waitlist.time')}</span>
          <select value={chosen} onChange={(event) => setSlot(event.target.value)}>
            {props.fullSlots.map((full) => (
              <option key={full} value={full}>
                {windowEnd(full, props.fullSlots) === full
                  ? clock(full)
                  : `${clock(full)}–${clock(windowEnd(full, props.fullSlots))}`}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('waitlist.name')}</span>
          <input value={name} required maxLength={120} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('waitlist.mobile')}</span>
          <input
            value={mobile}
            required
            maxLength={32}
            type="tel"
            autoComplete="tel"
            onChange={(e) => setMobile(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('waitlist.email')}</span>
          <input
            value={email}
            required
            maxLength={254}
            type="email"
            autoComplete="email"
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
      </div>
      <Button type="submit" disabled={state === 'sending' || !chosen}>
        {state === 'sending' ? t('waitlist.sending') : t('waitlist.submit')}
      </Button>
      {typeof state === 'object' ? (
        <div role="alert" className={styles.error}>
          {state.kind === 'free' ? (
            <>
              <p>
                {t('waitlist.free', {
                  count: props.guests,
                  times: new Intl.ListFormat(languageTags[props.language].bcp47, { type: 'disjunction' }).format(
                    state.times.map(clock),
                  ),
                })}
              </p>
              <Button type="button" variant="secondary" onClick={props.onBookInstead}>
                {t('waitlist.bookInstead')}
              </Button>
            </>
          ) : (
            <p>{t(`waitlist.${state.kind}`)}</p>
          )}
        </div>
      ) : null}
    </form>
  );
}
