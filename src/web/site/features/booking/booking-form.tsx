/**
 * The home page's booking form (call 1). Its code loads when the guest nears it, and the supabase
 * client when the guest first focuses it, so neither weighs on the first paint. Once a branch and
 * a day are picked, the times show which are full or closed (use-availability.ts); a booking the
 * database refuses (someone took the last table meanwhile) shows the database's message and keeps
 * everything typed. The date is a native date input rather than react-day-picker: it costs no
 * JavaScript, opens the phone's own date wheel, and is keyboard and screen-reader friendly
 * everywhere; the /reservation page keeps the calendar the spec describes for it.
 */
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from '../../location.ts';
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
import { useAvailability } from '../availability/use-availability.ts';
import styles from './booking.module.css';
import { type BookingValues, emptyBooking } from './booking-values.ts';
import { giveNewsConsent, submitBooking } from './submit-booking.ts';
import { displayTime, timeSlots } from './time-slots.ts';

// Loaded only when the chosen time is full: the public page's JavaScript stays as it was.
const WaitlistOffer = lazy(async () => ({
  default: (await import('../waitlist-offer/waitlist-offer.tsx')).WaitlistOffer,
}));

const resolver: Resolver<BookingValues, unknown, HomeBooking> = async (values, context, options) => {
  const { validateBooking } = await import('./validate-booking.ts');
  return validateBooking(values, context, options);
};

const systemClock = () => new Date();
/** Every time the form offers on a day, both halves of it, on the 24-hour clock. */
const daySlots = homePeriods.flatMap((period) => timeSlots(period).map((time) => bookingSlot(time, period) ?? time));

/** The field a refusal is about, where the guest goes to change it. */
const refusedField: Record<BookingRefusalCode, keyof BookingValues> = {
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
  void import('./validate-booking.ts');
  void import('./booking-confirmation.tsx');
  void loadNamespace('booking').catch(() => undefined);
  void import('../../../shared/lib/supabase.ts').then(({ getSupabase }) => getSupabase()).catch(() => undefined);
}

export function BookingForm() {
  const { t } = useTranslation('home');
  const nameOf = useBranchName();
  const language = useLanguage();
  const localize = useLocalize();
  // The news-and-offers box: unticked, outside the booking's values (the spec's call 1 stays as it is).
  const news = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<BookingValues, unknown, HomeBooking>({
    // Only the period has a default: the other fields start from what is on the page, so anything
    // typed into the prerendered form before its code arrived is kept.
    defaultValues: { period: defaultPeriod },
    resolver,
  });
  const [formError, setFormError] = useState<string>();
  const [receipt, setReceipt] = useState<BookingReceipt>();
  const [minDate, setMinDate] = useState<string>();
  // Until the form is hydrated, its button stays disabled: a press would submit the bare HTML form.
  const [hydrated, setHydrated] = useState(false);
  const busy = useRef(false);
  const warmed = useRef(false);
  const period = watch('period');
  const guests = watch('guests');
  const availability = useAvailability({
    branch: watch('branch') ?? '',
    date: watch('date') ?? '',
    guests: guests ? Number(guests) : undefined,
    daySlots,
    now: systemClock,
  });
  // The spec's times for the period, less those of today that have begun.
  const slots = availability.offered(timeSlots(period), (time) => bookingSlot(time, period));
  const offered = slots.join(' ');
  // The waitlist is offered only when the chosen time is full (a refusal, or a larger party).
  const chosenSlot = bookingSlot(watch('time') ?? '', period);
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

  // "Book at this branch" on a branch's page links here with ?branch=<slug>: the link chooses the
  // branch (after hydration, as the prerendered form was built without it). Any other value is ignored.
  const [searchParams] = useSearchParams();
  const linkedBranch = branchBySlug(searchParams.get(bookingBranchParameter))?.name;
  useEffect(() => {
    if (linkedBranch) setValue('branch', linkedBranch);
  }, [linkedBranch, setValue]);

  // Set after hydration: the prerendered page was built on another day.
  useEffect(() => {
    setMinDate(restaurantDay(new Date()));
    setHydrated(true);
  }, []);

  // A time no longer offered (from the other half of the day, or passed meanwhile) is cleared.
  useEffect(() => {
    const time = getValues('time');
    if (time && !offered.split(' ').includes(time)) setValue('time', '');
  }, [offered, getValues, setValue]);

  const fieldError = (field: keyof BookingValues): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (getValues(field) === '') return t('booking.fieldRequired');
    if (field === 'email' || field === 'date') return t(`booking.invalid.${field}`);
    return t('booking.invalid.default');
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
      reset(emptyBooking);
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
      setFocus(refusedField[outcome.refusal]);
    }
  };

  const onInvalid = (_errors: FieldErrors<BookingValues>) => {
    const message = t('booking.required');
    setFormError(message);
    notify.error(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // One booking per press, however fast the second click comes.
    if (busy.current) {
      event.preventDefault();
      return;
    }
    busy.current = true;
    setFormError(undefined);
    setReceipt(undefined);
    void handleSubmit(
      onValid,
      onInvalid,
    )(event).finally(() => {
      busy.current = false;
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
        onSubmit={onSubmit}
        onFocus={onFirstInput}
        aria-describedby="booking-legend"
      >
        <p id="booking-legend" className={styles.legend}>
          {t('booking.requiredLegend')}
        </p>
        <div className={styles.grid}>
          <FormField label={t('booking.name')} required error={fieldError('name')}>
            {(control) => <input {...control} type="text" autoComplete="name" {...register('name')} />}
          </FormField>
          <FormField label={t('booking.mobile')} required error={fieldError('mobile')}>
            {(control) => <input {...control} type="tel" autoComplete="tel" inputMode="tel" {...register('mobile')} />}
          </FormField>
          <FormField label={t('booking.email')} required error={fieldError('email')}>
            {(control) => <input {...control} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          <FormField label={t('booking.branch')} required error={fieldError('branch')}>
            {(control) => (
              <select {...control} {...register('branch')}>
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
            {(control) => <input {...control} type="date" min={minDate} {...register('date')} />}
          </FormField>
          <FormField label={t('booking.guests')} required error={fieldError('guests')} hint={availability.notes.guests}>
            {(control) => (
              <select {...control} {...register('guests')}>
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
              <select {...control} {...register('time')}>
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
              <select {...control} defaultValue={defaultPeriod} {...register('period')}>
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
            {(control) => <textarea {...control} rows={3} {...register('notes')} />}
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
          <Button type="submit" variant="primary" className={styles.submit} disabled={!hydrated || isSubmitting}>
            {t('booking.submit')}
          </Button>
        </div>
      </form>
      {fullSlots.length > 0 ? (
        <Suspense fallback={null}>
          <WaitlistOffer
            key={`${watch('branch')}|${watch('date')}|${guests}`}
            branch={watch('branch') ?? ''}
            date={watch('date') ?? ''}
            guests={Number(guests)}
            fullSlots={fullSlots}
            typed={{ name: watch('name'), mobile: watch('mobile'), email: watch('email') }}
            language={language}
            onBookInstead={() => {
              void availability.refresh();
              setFocus('time');
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
