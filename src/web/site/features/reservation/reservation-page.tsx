/**
 * The "Make a Reservation" page (/reservation): a calendar, the page's own option sets and the
 * guest's details, sent to the spreadsheet endpoint (call 8). Outcomes reach the visitor twice:
 * as a toast and next to the button. Once a branch and a day are picked, the times show which are
 * full or closed, and today's times that have begun are not offered (use-availability.ts).
 *
 * The page is prerendered with its form (scripts/prerender), so nothing arrives late to push the
 * footer down. What only a submit needs (zod, the runtime configuration) loads when the guest
 * first touches the form.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { formatClock } from '../../../../domain/format-dong.ts';
import {
  limits,
  minGuests,
  reservationPageBranches,
  reservationPagePeriods,
  reservationPageTimes,
} from '../../../../domain/reservation-options.ts';
import { languageTags, localizePath, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { useAvailability } from '../availability/use-availability.ts';
import { DatePicker } from './date-picker.tsx';
import type { ReservationFormInput, ReservationFormValues } from './reservation-form-schema.ts';
import { emptyReservationForm } from './reservation-form-values.ts';
import styles from './reservation-page.module.css';
import { useRestaurantToday } from './use-restaurant-today.ts';

export { prepareCalendar } from './date-picker.tsx';

// Loaded only when the chosen time is full: the public page's JavaScript stays as it was.
const WaitlistOffer = lazy(async () => ({
  default: (await import('../waitlist-offer/waitlist-offer.tsx')).WaitlistOffer,
}));

const systemClock = () => new Date();

const loadValidation = () => import('./validate-reservation.ts');
const loadSender = () => import('./send-reservation.ts');

/** Starts loading what a submit needs, as soon as the guest starts filling the form. */
function warmUp(): void {
  loadValidation().catch(() => undefined);
  loadSender().catch(() => undefined);
}

/** The schema's resolver, loaded with the first validation (a failed load is tried again next time). */
function lazyResolver(now: () => Date): Resolver<ReservationFormInput, unknown, ReservationFormValues> {
  let loaded: Promise<Resolver<ReservationFormInput, unknown, ReservationFormValues>> | undefined;
  return async (values, context, options) => {
    loaded ??= loadValidation()
      .then(({ reservationResolver }) => reservationResolver(now))
      .catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
    return (await loaded)(values, context, options);
  };
}

export function ReservationPage() {
  // The namespace loads with this chunk; the boundary keeps the layout up meanwhile.
  return (
    <Suspense fallback={null}>
      <ReservationForm now={systemClock} />
    </Suspense>
  );
}

type Outcome = 'success' | 'failure' | null;

/** `now` is the clock: "today" in the restaurant and the payload's timestamp come from it. */
export function ReservationForm({ now }: { now: () => Date }) {
  const { t } = useTranslation('reservation');
  const language = useLanguage();
  usePageMeta({
    title: t('meta.title'),
    description: t('meta.description'),
    path: localizePath(paths.reservation, language),
  });
  // Undefined until the prerendered form has hydrated; until then its button stays disabled, as a
  // press would submit the bare HTML form (the guest's details in the address).
  const today = useRestaurantToday(now);
  const resolver = useMemo(() => lazyResolver(now), [now]);
  const form = useForm<ReservationFormInput, unknown, ReservationFormValues>({
    resolver,
    // Only the calendar's day, which is no field of the page's HTML: the other fields start from
    // what is on the page (their HTML defaults below), so anything typed or chosen in the
    // prerendered form before its code arrived is kept when it hydrates.
    defaultValues: { date: emptyReservationForm.date },
  });
  const { errors, isSubmitting } = form.formState;
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The news-and-offers box, unticked by default and outside the form's values: it is no field of
  // call 8's payload (see send-reservation.ts).
  const news = useRef<HTMLInputElement>(null);
  const dateErrorId = useId();
  const dateNoteId = useId();
  const availability = useAvailability({
    // Undefined until the fields have registered (see the defaults above).
    branch: form.watch('branch') ?? '',
    date: form.watch('date'),
    guests: form.watch('guests'),
    daySlots: reservationPageTimes,
    now,
  });
  // The page's times (24-hour, whatever the period), less those of today that have begun.
  const times = availability.offered(reservationPageTimes, (time) => time);
  const offered = times.join(' ');
  // The waitlist is offered only when the chosen time is full (e.g. after a larger party is chosen).
  const chosenTime = form.watch('time');
  const fullSlots =
    chosenTime && availability.unavailable(chosenTime) === 'full'
      ? [chosenTime, ...times.filter((time) => time !== chosenTime && availability.unavailable(time) === 'full')]
      : [];

  // A time no longer offered (it has begun meanwhile) is cleared, not left for the browser to
  // replace with the next option.
  useEffect(() => {
    const time = form.getValues('time');
    if (time && !offered.split(' ').includes(time)) form.setValue('time', '');
  }, [offered, form]);

  /** A field's error in words; `max` fills the length and size limits. */
  const errorText = (key: string | undefined, max?: number) =>
    key ? t(`errors.${key}`, { max: max?.toLocaleString(languageTags[language].bcp47) }) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const [{ sendReservation }, { toSheetsPayload }] = await Promise.all([loadSender(), loadValidation()]);
      await sendReservation(toSheetsPayload(values, now()), { news: news.current?.checked === true });
    } catch {
      setOutcome('failure');
      notify.error(t('failure'));
      return;
    }
    setOutcome('success');
    notify.success(t('success'));
    form.reset(emptyReservationForm);
    if (news.current) news.current.checked = false;
  });

  return (
    <section className={styles.page} aria-labelledby="reservation-title">
      <SectionHeading
        level={1}
        id="reservation-title"
        eyebrow={t('eyebrow')}
        title={t('title')}
        intro={t('intro')}
        className={styles.head}
      />

      <form
        className={styles.card}
        noValidate
        onSubmit={onSubmit}
        onFocus={warmUp}
        onPointerDown={warmUp}
        aria-busy={isSubmitting || undefined}
      >
        <div className={styles.when}>
          <h2 className={styles.sectionTitle}>{t('sections.when')}</h2>
          <div className={styles.whenGrid}>
            <Controller
              control={form.control}
              name="date"
              render={({ field, fieldState }) => (
                <fieldset
                  className={styles.dateField}
                  aria-describedby={
                    [availability.notes.date ? dateNoteId : null, fieldState.error ? dateErrorId : null]
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
                    value={field.value}
                    onChange={field.onChange}
                    today={today}
                    language={language}
                    footer={(picked) => (picked ? t('calendar.picked', { date: picked }) : t('calendar.none'))}
                    // When the form sends focus to the date, land on the calendar's focusable day.
                    containerRef={(element) =>
                      field.ref(
                        element
                          ? { focus: () => element.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus() }
                          : null,
                      )
                    }
                  />
                  {availability.notes.date ? (
                    <p id={dateNoteId} className={styles.note}>
                      {availability.notes.date}
                    </p>
                  ) : null}
                  {fieldState.error ? (
                    <p id={dateErrorId} className={styles.error}>
                      {errorText(fieldState.error.message)}
                    </p>
                  ) : null}
                </fieldset>
              )}
            />

            <div className={styles.options}>
              <FormField label={t('fields.branch')} required error={errorText(errors.branch?.message)}>
                {(control) => (
                  <select {...control} required defaultValue={emptyReservationForm.branch} {...form.register('branch')}>
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
                  error={errorText(errors.time?.message)}
                  hint={availability.notes.time}
                >
                  {(control) => (
                    <select {...control} required defaultValue={emptyReservationForm.time} {...form.register('time')}>
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
                <FormField label={t('fields.period')} required error={errorText(errors.period?.message)}>
                  {(control) => (
                    <select
                      {...control}
                      required
                      defaultValue={emptyReservationForm.period}
                      {...form.register('period')}
                    >
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
                error={errorText(errors.guests?.message, limits.guests)}
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
                    {...form.register('guests', { valueAsNumber: true })}
                  />
                )}
              </FormField>
            </div>
          </div>
        </div>

        <div className={styles.who}>
          <h2 className={styles.sectionTitle}>{t('sections.who')}</h2>
          <div className={styles.whoGrid}>
            <FormField label={t('fields.name')} required error={errorText(errors.name?.message, limits.name)}>
              {(control) => <input {...control} type="text" autoComplete="name" required {...form.register('name')} />}
            </FormField>
            <FormField label={t('fields.mobile')} required error={errorText(errors.mobile?.message, limits.mobile)}>
              {(control) => <input {...control} type="tel" autoComplete="tel" required {...form.register('mobile')} />}
            </FormField>
            <FormField label={t('fields.email')} required error={errorText(errors.email?.message, limits.email)}>
              {(control) => (
                <input {...control} type="email" autoComplete="email" required {...form.register('email')} />
              )}
            </FormField>
            <FormField
              label={t('fields.notes')}
              hint={t('hints.notes')}
              error={errorText(errors.notes?.message, limits.notes)}
              className={styles.notes}
            >
              {(control) => <textarea {...control} rows={3} maxLength={limits.notes} {...form.register('notes')} />}
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
          <Button type="submit" disabled={isSubmitting || today === undefined} className={styles.submit}>
            {isSubmitting ? t('sending') : t('submit')}
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
            key={`${form.watch('branch')}|${form.watch('date')}|${form.watch('guests')}`}
            branch={form.watch('branch')}
            date={form.watch('date')}
            guests={Number(form.watch('guests'))}
            fullSlots={fullSlots}
            typed={{ name: form.watch('name'), mobile: form.watch('mobile'), email: form.watch('email') }}
            language={language}
            onBookInstead={() => {
              void availability.refresh();
              form.setFocus('time');
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
