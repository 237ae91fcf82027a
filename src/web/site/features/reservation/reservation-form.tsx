/**
 * The /reservation page's form: a calendar, the page's own option sets and the guest's details,
 * sent to the spreadsheet endpoint (call 8). Outcomes reach the visitor twice: as a toast and next
 * to the button. Once a branch and a day are picked, the times show which are full or closed, and
 * today's times that have begun are not offered (use-availability.ts).
 *
 * No form library: the fields are the browser's own (uncontrolled, with their HTML defaults), read
 * from the form on submit, so anything typed or chosen in the prerendered form before its code
 * arrived is kept. React holds only what the page shows from them: the calendar's day (no field of
 * the HTML), the choices behind the times and availability, the errors and the submit's progress.
 * What only a submit needs (zod, the runtime configuration) loads when the guest first touches
 * the form.
 */
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatClock } from '../../../../domain/format-dong.ts';
import {
  limits,
  minGuests,
  reservationPageBranches,
  reservationPagePeriods,
  reservationPageTimes,
} from '../../../../domain/reservation-options.ts';
import { languageTags, localizePath, paths } from '../../../../domain/routes.ts';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { controlOf, fieldNameOf, readTexts, setControl } from '../../lib/form-controls.ts';
import { useAvailability } from '../availability/use-availability.ts';
import { DatePicker } from './date-picker.tsx';
import { renderedDay } from './rendered-day.ts';
import type { ReservationFormInput, ReservationFormValues } from './reservation-form-schema.ts';
import {
  emptyReservationForm,
  type ReservationErrors,
  type ReservationField,
  reservationFields,
} from './reservation-form-values.ts';
import styles from './reservation-page.module.css';
import { useRestaurantToday } from './use-restaurant-today.ts';

// Loaded only when the chosen time is full: the public page's JavaScript stays as it was.
const WaitlistOffer = lazy(async () => ({
  default: (await import('../waitlist-offer/waitlist-offer.tsx')).WaitlistOffer,
}));

/** The clock: "today" in the restaurant and the payload's timestamp come from it. */
const systemClock = () => new Date();

const loadValidation = () => import('./validate-reservation.ts');
const loadSender = () => import('./send-reservation.ts');

/** Starts loading what a submit needs, as soon as the guest starts filling the form. */
function warmUp(): void {
  loadValidation().catch(() => undefined);
  loadSender().catch(() => undefined);
}

/** The fields of the form's HTML (the calendar's day is none). */
const htmlFields = reservationFields.filter((field) => field !== 'date');

/** Everything the form holds, read from the form itself, with the calendar's day. */
function readReservation(form: HTMLFormElement, date: string): ReservationFormInput {
  const { guests, ...texts } = readTexts(form, htmlFields);
  // As a number input gives it: NaN when empty or not a number (the schema says so).
  return { ...texts, date, guests: guests === '' ? Number.NaN : Number(guests) };
}

/** The choices that drive what the form shows (the times on offer, availability, the waitlist offer). */
interface Choice {
  branch: string;
  time: string;
  guests: number;
}

const sameChoice = (a: Choice, b: Choice) =>
  a.branch === b.branch && a.time === b.time && Object.is(a.guests, b.guests);

type Outcome = 'success' | 'failure' | null;

export function ReservationForm() {
  const { t } = useTranslation('reservation');
  const language = useLanguage();
  // Undefined until the form has hydrated; until then its button stays disabled, as a press would
  // submit the bare HTML form (the guest's details in the address), and the calendar shows the day
  // the page was rendered on (none: an inert stand-in).
  const today = useRestaurantToday(systemClock);
  const formRef = useRef<HTMLFormElement>(null);
  const calendar = useRef<HTMLDivElement>(null);
  const [date, setDate] = useState(emptyReservationForm.date);
  const [choice, setChoice] = useState<Choice>(emptyReservationForm);
  // What the guest has typed so far, for the waitlist offer's fields: kept without re-rendering the
  // form on every keystroke, and read when the offer appears.
  const typed = useRef({ name: '', mobile: '', email: '' });
  const [errors, setErrors] = useState<ReservationErrors>({});
  // After a first submit, each change checks its field again (and clears its error once right).
  const submitted = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The news-and-offers box, unticked by default and outside the form's values: it is no field of
  // call 8's payload (see send-reservation.ts).
  const news = useRef<HTMLInputElement>(null);
  const dateErrorId = useId();
  const dateNoteId = useId();
  const availability = useAvailability({
    branch: choice.branch,
    date,
    guests: choice.guests,
    daySlots: reservationPageTimes,
    now: systemClock,
  });
  // The page's times (24-hour, whatever the period), less those of today that have begun.
  const times = availability.offered(reservationPageTimes, (time) => time);
  const offered = times.join(' ');
  // The waitlist is offered only when the chosen time is full (e.g. after a larger party is chosen).
  const chosenTime = choice.time;
  const fullSlots =
    chosenTime && availability.unavailable(chosenTime) === 'full'
      ? [chosenTime, ...times.filter((time) => time !== chosenTime && availability.unavailable(time) === 'full')]
      : [];

  /** Reads the form into the state the page shows from (after any change, or the form's arrival). */
  const sync = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const values = readReservation(form, '');
    typed.current = { name: values.name, mobile: values.mobile, email: values.email };
    setChoice((previous) => (sameChoice(previous, values) ? previous : values));
  }, []);

  const focusField = (field: ReservationField) => {
    if (field === 'date') {
      // The calendar takes focus on its focusable day.
      calendar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
      return;
    }
    controlOf(formRef.current, field)?.focus();
  };

  // What was typed or chosen in the prerendered form before its code arrived counts.
  useEffect(() => sync(), [sync]);

  // A time no longer offered (it has begun meanwhile) is cleared, not left for the browser to
  // replace with the next option.
  useEffect(() => {
    if (chosenTime && !offered.split(' ').includes(chosenTime)) {
      setControl(formRef.current, 'time', '');
      sync();
    }
  }, [offered, chosenTime, sync]);

  /** A field's error in words; `max` fills the length and size limits. */
  const errorText = (key: string | undefined, max?: number) =>
    key ? t(`errors.${key}`, { max: max?.toLocaleString(languageTags[language].bcp47) }) : undefined;

  /** After a first submit, the changed field is checked again: its error goes once it is right. */
  const recheck = async (field: ReservationField, day: string) => {
    const form = formRef.current;
    if (!submitted.current || !form) return;
    const { validateReservation } = await loadValidation();
    const result = validateReservation(readReservation(form, day), systemClock);
    const error = result.ok ? undefined : result.errors[field];
    setErrors(({ [field]: _, ...others }) => (error === undefined ? others : { ...others, [field]: error }));
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    sync();
    const field = htmlFields.find((name) => name === fieldNameOf(event.target));
    if (field) void recheck(field, date).catch(() => undefined);
  };

  const onDate = (day: string) => {
    setDate(day);
    void recheck('date', day).catch(() => undefined);
  };

  const onValid = async (values: ReservationFormValues) => {
    setOutcome(null);
    try {
      const [{ sendReservation }, { toSheetsPayload }] = await Promise.all([loadSender(), loadValidation()]);
      await sendReservation(toSheetsPayload(values, systemClock()), { news: news.current?.checked === true });
    } catch {
      setOutcome('failure');
      notify.error(t('failure'));
      return;
    }
    setOutcome('success');
    notify.success(t('success'));
    // The form starts again from its defaults; its checks wait for the next submit.
    for (const field of htmlFields) setControl(formRef.current, field, String(emptyReservationForm[field]));
    setDate(emptyReservationForm.date);
    submitted.current = false;
    setErrors({});
    sync();
    if (news.current) news.current.checked = false;
  };

  const submit = async (form: HTMLFormElement) => {
    submitted.current = true;
    const input = readReservation(form, date);
    const { validateReservation } = await loadValidation();
    const result = validateReservation(input, systemClock);
    if (!result.ok) {
      setErrors(result.errors);
      // The guest lands on the first field to put right.
      const first = reservationFields.find((field) => result.errors[field] !== undefined);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    await onValid(result.values);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One reservation per press, however fast the second click comes.
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    void submit(event.currentTarget)
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
  };

  return (
    <>
      <form
        ref={formRef}
        className={styles.card}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={warmUp}
        onPointerDown={warmUp}
        aria-busy={submitting || undefined}
      >
        <div className={styles.when}>
          <h2 className={styles.sectionTitle}>{t('sections.when')}</h2>
          <div className={styles.whenGrid}>
            <fieldset
              className={styles.dateField}
              aria-describedby={
                [availability.notes.date ? dateNoteId : null, errors.date ? dateErrorId : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              <legend className={styles.legend}>
                {t('fields.date')}
                <span aria-hidden="true" className={styles.required}>
                  {' '}
                  *
                </span>
              </legend>
              <DatePicker
                value={date}
                onChange={onDate}
                today={today ?? renderedDay()?.day}
                language={language}
                footer={(picked) => (picked ? t('calendar.picked', { date: picked }) : t('calendar.none'))}
                containerRef={calendar}
              />
              {availability.notes.date ? (
                <p id={dateNoteId} className={styles.note}>
                  {availability.notes.date}
                </p>
              ) : null}
              {errors.date ? (
                <p id={dateErrorId} className={styles.error}>
                  {errorText(errors.date)}
                </p>
              ) : null}
            </fieldset>

            <div className={styles.options}>
              <FormField label={t('fields.branch')} required error={errorText(errors.branch)}>
                {(control) => (
                  <select {...control} required defaultValue={emptyReservationForm.branch} name="branch">
                    <option value="" disabled>
                      {t('placeholders.branch')}
                    </option>
                    {reservationPageBranches.map((branch) => (
                      <option key={branch} value={branch}>
                        {t(`branches.${branch}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <div className={styles.pair}>
                <FormField
                  label={t('fields.time')}
                  required
                  error={errorText(errors.time)}
                  hint={availability.notes.time}
                >
                  {(control) => (
                    <select {...control} required defaultValue={emptyReservationForm.time} name="time">
                      <option value="" disabled>
                        {t('placeholders.time')}
                      </option>
                      {times.map((time) => (
                        <option key={time} value={time} disabled={availability.unavailable(time) !== undefined}>
                          {availability.optionLabel(formatClock(time, language), time)}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField label={t('fields.period')} required error={errorText(errors.period)}>
                  {(control) => (
                    <select {...control} required defaultValue={emptyReservationForm.period} name="period">
                      <option value="" disabled>
                        {t('placeholders.period')}
                      </option>
                      {reservationPagePeriods.map((period) => (
                        <option key={period} value={period}>
                          {t(`periods.${period}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
              <FormField
                label={t('fields.guests')}
                required
                error={errorText(errors.guests, limits.guests)}
                hint={availability.notes.guests}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={minGuests}
                    step={1}
                    required
                    defaultValue={emptyReservationForm.guests}
                    name="guests"
                  />
                )}
              </FormField>
            </div>
          </div>
        </div>

        <div className={styles.who}>
          <h2 className={styles.sectionTitle}>{t('sections.who')}</h2>
          <div className={styles.whoGrid}>
            <FormField label={t('fields.name')} required error={errorText(errors.name, limits.name)}>
              {(control) => <input {...control} type="text" autoComplete="name" required name="name" />}
            </FormField>
            <FormField label={t('fields.mobile')} required error={errorText(errors.mobile, limits.mobile)}>
              {(control) => <input {...control} type="tel" autoComplete="tel" required name="mobile" />}
            </FormField>
            <FormField label={t('fields.email')} required error={errorText(errors.email, limits.email)}>
              {(control) => <input {...control} type="email" autoComplete="email" required name="email" />}
            </FormField>
            <FormField
              label={t('fields.notes')}
              hint={t('hints.notes')}
              error={errorText(errors.notes, limits.notes)}
              className={styles.notes}
            >
              {(control) => <textarea {...control} rows={3} maxLength={limits.notes} name="notes" />}
            </FormField>
          </div>
        </div>

        {/* The consent box and the privacy notice, above the submit button (issue 25), as on the home form. */}
        <div className={styles.privacy}>
          <label className={styles.consent}>
            <input type="checkbox" ref={news} name="news" /> {t('newsConsent')}
          </label>
          <p className={styles.privacyNote}>
            {t('privacyNote')} <a href={localizePath(paths.privacy, language)}>{t('privacyLink')}</a>
          </p>
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={submitting || today === undefined} className={styles.submit}>
            {submitting ? t('sending') : t('submit')}
          </Button>
          <div className={styles.feedback}>
            {/* Present from the start so screen readers announce the success when it appears. */}
            <p role="status" className={styles.success}>
              {outcome === 'success' ? t('success') : null}
            </p>
            {outcome === 'failure' ? (
              <p role="alert" className={styles.failure}>
                {t('failure')}
              </p>
            ) : null}
          </div>
        </div>
      </form>
      {fullSlots.length > 0 ? (
        <Suspense fallback={null}>
          <WaitlistOffer
            key={`${choice.branch}|${date}|${choice.guests}`}
            branch={choice.branch}
            date={date}
            guests={choice.guests}
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
    </>
  );
}
