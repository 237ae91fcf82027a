/**
 * The home page's booking form (call 1). Its code loads when the guest nears it, and the supabase
 * client when the guest first focuses it, so neither weighs on the first paint. Once a branch and
 * a day are picked, the times show which are full or closed (use-availability.ts); a booking the
 * database refuses (someone took the last table meanwhile) shows the database's message and keeps
 * everything typed. The date is a native date input rather than react-day-picker: it costs no
 * JavaScript, opens the phone's own date wheel, and is keyboard and screen-reader friendly
 * everywhere; the /reservation page keeps the calendar the spec describes for it.
 *
 * No form library: the fields are the browser's own (uncontrolled), read from the form on submit;
 * React holds only what the page shows from them (the choices behind the times and availability,
 * the errors, the submit's progress). The schema's check (zod) loads with the guest's first focus.
 */
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type BookingRefusalCode, bookingSlot } from '../../../../domain/availability.ts';
import type { BookingReceipt } from '../../../../domain/booking-lifecycle.ts';
import { formatClock } from '../../../../domain/format-dong.ts';
import {
  defaultPeriod,
  type HomeBooking,
  homeBranches,
  homeGuestOptions,
  homePeriods,
} from '../../../../domain/reservation.ts';
import { branchBySlug } from '../../../../domain/restaurant-profile.ts';
import { bookingBranchParameter, paths } from '../../../../domain/routes.ts';
import { loadNamespace } from '../../../shared/i18n/i18n.ts';
import { useBranchName, useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { controlOf, fieldNameOf, readTexts, setControl } from '../../lib/form-controls.ts';
import { useSearchParams } from '../../location.ts';
import { useAvailability } from '../availability/use-availability.ts';
import styles from './booking.module.css';
import { type BookingField, type BookingValues, bookingFields, emptyBooking } from './booking-values.ts';
import { giveNewsConsent, submitBooking } from './submit-booking.ts';
import { displayTime, type Period, timeSlots } from './time-slots.ts';

// Loaded only when the chosen time is full: the public page's JavaScript stays as it was.
const WaitlistOffer = lazy(async () => ({
  default: (await import('../waitlist-offer/waitlist-offer.tsx')).WaitlistOffer,
}));

/** The schema's check (zod), loaded with the guest's first focus; a failed load is tried again next time. */
const loadValidation = () => import('./validate-booking.ts');

const systemClock = () => new Date();
/** Every time the form offers on a day, both halves of it, on the 24-hour clock. */
const daySlots = homePeriods.flatMap((period) => timeSlots(period).map((time) => bookingSlot(time, period) ?? time));

/** The field a refusal is about, where the guest goes to change it. */
const refusedField: Record<BookingRefusalCode, BookingField> = {
  BK001: 'time',
  BK002: 'time',
  BK003: 'time',
  BK004: 'date',
  BK005: 'guests',
};

// The confirmation panel (issue 14) and its messages load while the guest fills the form.
const BookingConfirmation = lazy(async () => {
  const [{ BookingConfirmation }] = await Promise.all([import('./booking-confirmation.tsx'), loadNamespace('booking')]);
  return { default: BookingConfirmation };
});

/** Starts loading what a submit needs as soon as the guest starts filling the form. */
function warmUp(): void {
  void loadValidation().catch(() => undefined);
  void import('./booking-confirmation.tsx');
  void loadNamespace('booking').catch(() => undefined);
  void import('../../../shared/lib/supabase.ts').then(({ getSupabase }) => getSupabase()).catch(() => undefined);
}

const asPeriod = (value: string): Period => homePeriods.find((period) => period === value) ?? defaultPeriod;

/** Everything the form's fields hold, read from the form itself. */
function readBooking(form: HTMLFormElement): BookingValues {
  const texts = readTexts(form, bookingFields);
  return { ...texts, period: asPeriod(texts.period) };
}

/** The choices that drive what the form shows (the times on offer, availability, the waitlist offer). */
type Choice = Pick<BookingValues, 'branch' | 'date' | 'guests' | 'time' | 'period'>;
const choiceFields = ['branch', 'date', 'guests', 'time', 'period'] as const satisfies readonly (keyof Choice)[];

function sameChoice(a: Choice, b: Choice): boolean {
  return choiceFields.every((field) => a[field] === b[field]);
}

/** What a field's error says: the field is empty, or its value is refused. */
type ErrorKind = 'required' | 'email' | 'date' | 'default';

function errorKind(field: BookingField, value: string): ErrorKind {
  if (value === '') return 'required';
  if (field === 'email' || field === 'date') return field;
  return 'default';
}

export function BookingForm() {
  const { t } = useTranslation('home');
  const nameOf = useBranchName();
  const language = useLanguage();
  const localize = useLocalize();
  const formRef = useRef<HTMLFormElement>(null);
  // The news-and-offers box: unticked, outside the booking's values (the spec's call 1 stays as it is).
  const news = useRef<HTMLInputElement>(null);
  // The fields live in the form (uncontrolled, no defaults but the period's): anything typed into
  // the prerendered form before its code arrived is kept, and read from the form when needed.
  const [choice, setChoice] = useState<Choice>(emptyBooking);
  // What the guest has typed so far, for the waitlist offer's fields: kept without re-rendering the
  // form on every keystroke, and read when the offer appears.
  const typed = useRef<Pick<BookingValues, 'name' | 'mobile' | 'email'>>({ name: '', mobile: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<BookingField, ErrorKind>>>({});
  // After a first submit, each change checks its field again (and clears its error once right).
  const submitted = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [receipt, setReceipt] = useState<BookingReceipt>();
  const [minDate, setMinDate] = useState<string>();
  // Until the form is hydrated, its button stays disabled: a press would submit the bare HTML form.
  const [hydrated, setHydrated] = useState(false);
  const busy = useRef(false);
  const warmed = useRef(false);
  const { period, guests } = choice;
  const availability = useAvailability({
    branch: choice.branch,
    date: choice.date,
    guests: guests ? Number(guests) : undefined,
    daySlots,
    now: systemClock,
  });
  // The spec's times for the period, less those of today that have begun.
  const slots = availability.offered(timeSlots(period), (time) => bookingSlot(time, period));
  const offered = slots.join(' ');
  // The waitlist is offered only when the chosen time is full (a refusal, or a larger party).
  const chosenSlot = bookingSlot(choice.time, period);
  const fullSlots =
    chosenSlot && availability.unavailable(chosenSlot) === 'full'
      ? [
          chosenSlot,
          ...slots
            .map((time) => bookingSlot(time, period))
            .filter((slot): slot is string => slot !== undefined && slot !== chosenSlot)
            .filter((slot) => availability.unavailable(slot) === 'full'),
        ]
      : [];

  /** Reads the form into the state the page shows from (after any change, or the form's arrival). */
  const sync = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const values = readBooking(form);
    typed.current = { name: values.name, mobile: values.mobile, email: values.email };
    setChoice((previous) => (sameChoice(previous, values) ? previous : values));
  }, []);

  const setField = useCallback(
    (field: BookingField, value: string) => {
      setControl(formRef.current, field, value);
      sync();
    },
    [sync],
  );

  const focusField = (field: BookingField) => controlOf(formRef.current, field)?.focus();

  // What was typed or chosen in the prerendered form before its code arrived counts.
  useEffect(() => sync(), [sync]);

  // "Book at this branch" on a branch's page links here with ?branch=<slug>: the link chooses the
  // branch (after hydration, as the prerendered form was built without it). Any other value is ignored.
  const [searchParams] = useSearchParams();
  const linkedBranch = branchBySlug(searchParams.get(bookingBranchParameter))?.name;
  useEffect(() => {
    if (linkedBranch) setField('branch', linkedBranch);
  }, [linkedBranch, setField]);

  // Set after hydration: the prerendered page was built on another day.
  useEffect(() => {
    setMinDate(restaurantDay(new Date()));
    setHydrated(true);
  }, []);

  // A time no longer offered (from the other half of the day, or passed meanwhile) is cleared.
  const chosenTime = choice.time;
  useEffect(() => {
    if (chosenTime && !offered.split(' ').includes(chosenTime)) setField('time', '');
  }, [offered, chosenTime, setField]);

  const fieldError = (field: BookingField): string | undefined => {
    const kind = errors[field];
    if (kind === undefined) return undefined;
    if (kind === 'required') return t('booking.fieldRequired');
    if (kind === 'default') return t('booking.invalid.default');
    return t(`booking.invalid.${kind}`);
  };

  /** After a first submit, the changed field is checked again: its error goes once it is right. */
  const recheck = async (field: BookingField) => {
    const form = formRef.current;
    if (!form) return;
    const { validateBooking } = await loadValidation();
    const values = readBooking(form);
    const result = validateBooking(values);
    const refused = !result.ok && result.invalid.has(field);
    setErrors(({ [field]: _, ...others }) =>
      refused ? { ...others, [field]: errorKind(field, values[field]) } : others,
    );
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    sync();
    const field = bookingFields.find((name) => name === fieldNameOf(event.target));
    if (submitted.current && field) void recheck(field).catch(() => undefined);
  };

  const onValid = async (booking: HomeBooking) => {
    const outcome = await submitBooking(booking);
    if (outcome.ok) {
      setFormError(undefined);
      notify.success(t('booking.success'));
      // Consent has its own call, by the booking's manage token; without a ticked box, no call.
      const token = outcome.receipt?.token;
      if (news.current?.checked && token) void giveNewsConsent(token);
      if (news.current) news.current.checked = false;
      // The form starts again, empty but for the period; its checks wait for the next submit.
      for (const field of bookingFields) setControl(formRef.current, field, emptyBooking[field]);
      submitted.current = false;
      setErrors({});
      sync();
      setReceipt(outcome.receipt);
      return;
    }
    const message = outcome.serverMessage ?? t('booking.failure');
    setFormError(message);
    notify.error(message);
    if (outcome.refusal) {
      // Someone else took the last table (or the branch's rules say no): everything typed stays,
      // the times show what is still free, and the guest lands where the change is to be made.
      void availability.refresh();
      focusField(refusedField[outcome.refusal]);
    }
  };

  const submit = async (form: HTMLFormElement) => {
    submitted.current = true;
    const values = readBooking(form);
    const { validateBooking } = await loadValidation();
    const result = validateBooking(values);
    if (!result.ok) {
      setErrors(
        Object.fromEntries(
          bookingFields
            .filter((field) => result.invalid.has(field))
            .map((field) => [field, errorKind(field, values[field])]),
        ),
      );
      const message = t('booking.required');
      setFormError(message);
      notify.error(message);
      // The guest lands on the first field to put right.
      const first = bookingFields.find((field) => result.invalid.has(field));
      if (first) focusField(first);
      return;
    }
    setErrors({});
    await onValid(result.booking);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One booking per press, however fast the second click comes.
    if (busy.current) return;
    busy.current = true;
    setFormError(undefined);
    setReceipt(undefined);
    setSubmitting(true);
    void submit(event.currentTarget).finally(() => {
      busy.current = false;
      setSubmitting(false);
    });
  };

  const onFirstInput = () => {
    if (warmed.current) return;
    warmed.current = true;
    warmUp();
  };

  return (
    <div className={styles.column}>
      <form
        className={styles.form}
        noValidate
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={onFirstInput}
        aria-describedby="booking-legend"
      >
        <p id="booking-legend" className={styles.legend}>
          {t('booking.requiredLegend')}
        </p>
        <div className={styles.grid}>
          <FormField label={t('booking.name')} required error={fieldError('name')}>
            {(control) => <input {...control} type="text" autoComplete="name" name="name" />}
          </FormField>
          <FormField label={t('booking.mobile')} required error={fieldError('mobile')}>
            {(control) => <input {...control} type="tel" autoComplete="tel" inputMode="tel" name="mobile" />}
          </FormField>
          <FormField label={t('booking.email')} required error={fieldError('email')}>
            {(control) => <input {...control} type="email" autoComplete="email" name="email" />}
          </FormField>
          <FormField label={t('booking.branch')} required error={fieldError('branch')}>
            {(control) => (
              <select {...control} name="branch">
                <option value="">{t('booking.branchPlaceholder')}</option>
                {homeBranches.map((branch) => (
                  <option key={branch} value={branch}>
                    {nameOf(branch)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('booking.date')} required error={fieldError('date')} hint={availability.notes.date}>
            {(control) => <input {...control} type="date" min={minDate} name="date" />}
          </FormField>
          <FormField label={t('booking.guests')} required error={fieldError('guests')} hint={availability.notes.guests}>
            {(control) => (
              <select {...control} name="guests">
                <option value="">{t('booking.guestsPlaceholder')}</option>
                {homeGuestOptions.map((count) => (
                  <option key={count} value={count}>
                    {t('booking.guest', { count })}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('booking.time')} required error={fieldError('time')} hint={availability.notes.time}>
            {(control) => (
              <select {...control} name="time">
                <option value="">{t('booking.timePlaceholder')}</option>
                {slots.map((slot) => {
                  const slot24 = bookingSlot(slot, period);
                  return (
                    <option key={slot} value={slot} disabled={availability.unavailable(slot24) !== undefined}>
                      {availability.optionLabel(
                        language === 'vi' && slot24 ? formatClock(slot24, language) : `${displayTime(slot)} ${period}`,
                        slot24,
                      )}
                    </option>
                  );
                })}
              </select>
            )}
          </FormField>
          <FormField label={t('booking.period')} required error={fieldError('period')}>
            {(control) => (
              <select {...control} defaultValue={defaultPeriod} name="period">
                {homePeriods.map((value) => (
                  <option key={value} value={value}>
                    {t(`booking.periods.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            className={styles.wide}
            label={
              <>
                {t('booking.notes')} <span className={styles.optional}>{t('booking.notesOptional')}</span>
              </>
            }
            hint={t('booking.notesHint')}
            error={fieldError('notes')}
          >
            {(control) => <textarea {...control} rows={3} name="notes" />}
          </FormField>
        </div>
        <div className={styles.privacy}>
          <label className={styles.consent}>
            <input type="checkbox" ref={news} name="news" /> {t('booking.newsConsent')}
          </label>
          <p className={styles.privacyNote}>
            {t('booking.privacyNote')} <a href={localize(paths.privacy)}>{t('booking.privacyLink')}</a>
          </p>
        </div>
        <div className={styles.actions}>
          <p className={styles.formError} role="alert">
            {formError}
          </p>
          <Button type="submit" variant="primary" className={styles.submit} disabled={!hydrated || submitting}>
            {t('booking.submit')}
          </Button>
        </div>
      </form>
      {fullSlots.length > 0 ? (
        <Suspense fallback={null}>
          <WaitlistOffer
            key={`${choice.branch}|${choice.date}|${guests}`}
            branch={choice.branch}
            date={choice.date}
            guests={Number(guests)}
            fullSlots={fullSlots}
            // Read as the offer appears: it starts from what the guest has typed so far.
            typed={typed.current}
            language={language}
            onBookInstead={() => {
              void availability.refresh();
              focusField('time');
            }}
          />
        </Suspense>
      ) : null}
      {receipt ? (
        <Suspense fallback={null}>
          <BookingConfirmation receipt={receipt} onClose={() => setReceipt(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}
