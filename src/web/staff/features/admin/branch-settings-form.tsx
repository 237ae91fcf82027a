/**
 * One branch's settings: the booking limits, turn times by party size, opening hours per weekday (one fieldset a day, one
 * or more ranges in it) and closed dates. Checked with branchSettingsSchema before anything is
 * sent; saved in one call that replaces the branch's hours and closed dates all or nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { type BranchSettings, weekdays } from '../../../../domain/availability.ts';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import styles from './admin.module.css';
import { SettingsRefusedError, useSaveBranchSettings } from './api/branch-settings.ts';
import settingsStyles from './settings.module.css';
import { type SettingsFormValues, settingsResolver, toFormValues } from './settings-form-values.ts';

/** Every time zone the browser knows, with the branch's own first among them if it knows it not. */
function timeZoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

export function BranchSettingsForm(props: { supabase: SupabaseClient; branch: string; initial: BranchSettings }) {
  const { t } = useTranslation('admin');
  const nameOf = useBranchName();
  const { branch } = props;
  // The branch as this language writes it (the value saved stays the spec's name).
  const branchName = nameOf(branch);
  const resolver = useMemo(
    () =>
      settingsResolver({
        wholeNumber: t('settings.errors.wholeNumber'),
        atLeast: (minimum) => t('settings.errors.atLeast', { minimum }),
        atMost: (maximum) => t('settings.errors.atMost', { maximum: maximum.toLocaleString('en-US') }),
        tooLong: (maximum) => t('settings.errors.tooLong', { maximum }),
        timeRequired: t('settings.errors.timeRequired'),
        dateRequired: t('settings.errors.dateRequired'),
        numberRequired: t('settings.errors.numberRequired'),
        turnFirst: t('settings.errors.turnFirst'),
        turnOrder: t('settings.errors.turnOrder'),
      }),
    [t],
  );
  const form = useForm<SettingsFormValues, unknown, BranchSettings>({
    resolver,
    defaultValues: toFormValues(props.initial),
  });
  const { register, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const hours = useFieldArray({ control: form.control, name: 'hours' });
  const closedDates = useFieldArray({ control: form.control, name: 'closed_dates' });
  const turns = useFieldArray({ control: form.control, name: 'turn_times' });
  const save = useSaveBranchSettings(props.supabase);
  const [formError, setFormError] = useState<string>();
  // Where focus goes when a row is removed: the day's "Add hours", or "Add closed date".
  const addHoursButtons = useRef(new Map<number, HTMLButtonElement>());
  const addClosedDateButton = useRef<HTMLButtonElement>(null);
  const addTurnButton = useRef<HTMLButtonElement>(null);
  const zones = useMemo(() => timeZoneChoices(props.initial.time_zone), [props.initial.time_zone]);

  const dayName = (weekday: number) => t(`settings.weekdays.${weekday}`);

  const onValid = async (settings: BranchSettings) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ branch, settings });
    } catch (error) {
      // A refusal carries the server's reason; a failed connection has no words for people.
      const message =
        error instanceof SettingsRefusedError && error.code
          ? t('settings.refused', { message: error.message })
          : t('settings.saveFailed');
      setFormError(message);
      notify.error(message);
      return;
    }
    form.reset(toFormValues(settings));
    notify.success(t('settings.saved', { branch: branchName }));
  };

  const onInvalid = () => setFormError(t('settings.invalid'));

  const addRange = (weekday: number) => {
    const hasRange = form.getValues('hours').some((range) => range.weekday === weekday);
    // A day's first range starts from the restaurant's usual hours; a second one is the host's to fill.
    hours.append(
      hasRange
        ? { weekday, opens: '', closes: '' }
        : { weekday, opens: restaurantProfile.opens, closes: restaurantProfile.closes },
    );
  };

  const removeRange = (index: number, weekday: number) => {
    hours.remove(index);
    addHoursButtons.current.get(weekday)?.focus();
  };

  const numberField = (name: 'covers_per_slot' | 'max_party' | 'booking_window_days', label: string, hint: string) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" {...register(name)} />}
    </FormField>
  );

  return (
    <form
      className={settingsStyles.form}
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      aria-labelledby="settings-form-title"
      aria-busy={isSubmitting || undefined}
    >
      <h2 id="settings-form-title" className={settingsStyles.visuallyHidden}>
        {t('settings.title')}: {branchName}
      </h2>
      <div className={settingsStyles.columns}>
        <div className={settingsStyles.column}>
          <section className={styles.card} aria-labelledby="limits-title">
            <h3 id="limits-title" className={styles.cardTitle}>
              {t('settings.limits.title')}
            </h3>
            <div className={settingsStyles.limits}>
              <FormField
                label={t('settings.limits.timeZone')}
                hint={t('settings.limits.timeZoneHint')}
                error={errors.time_zone?.message}
                className={settingsStyles.wideField}
              >
                {(control) => (
                  <select {...control} {...register('time_zone')}>
                    {zones.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              {numberField('covers_per_slot', t('settings.limits.covers'), t('settings.limits.coversHint'))}
              {numberField('max_party', t('settings.limits.maxParty'), t('settings.limits.maxPartyHint'))}
              {numberField('booking_window_days', t('settings.limits.window'), t('settings.limits.windowHint'))}
            </div>
          </section>

          {props.initial.turn_times ? (
            <section className={styles.card} aria-labelledby="turns-title">
              <h3 id="turns-title" className={styles.cardTitle}>
                {t('settings.turns.title')}
              </h3>
              <p className={styles.muted}>{t('settings.turns.intro')}</p>
              <ul className={settingsStyles.rows}>
                {turns.fields.map((field, index) => {
                  const rowErrors = errors.turn_times?.[index];
                  const from = form.watch(`turn_times.${index}.from`);
                  return (
                    <li key={field.id} className={settingsStyles.turnRow}>
                      <FormField label={t('settings.turns.from')} error={rowErrors?.from?.message}>
                        {(control) => (
                          <input
                            {...control}
                            type="text"
                            inputMode="numeric"
                            autoComplete="off"
                            {...register(`turn_times.${index}.from`)}
                          />
                        )}
                      </FormField>
                      <FormField label={t('settings.turns.minutes')} error={rowErrors?.minutes?.message}>
                        {(control) => (
                          <input
                            {...control}
                            type="text"
                            inputMode="numeric"
                            autoComplete="off"
                            {...register(`turn_times.${index}.minutes`)}
                          />
                        )}
                      </FormField>
                      {/* Every party needs a turn time: the last row stays. */}
                      {turns.fields.length > 1 ? (
                        <button
                          type="button"
                          className={buttonClass('ghost', settingsStyles.removeButton)}
                          aria-label={t('settings.turns.removeFor', { from: from || '…' })}
                          onClick={() => {
                            turns.remove(index);
                            addTurnButton.current?.focus();
                          }}
                        >
                          {t('settings.turns.remove')}
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <button
                ref={addTurnButton}
                type="button"
                className={buttonClass('ghost', settingsStyles.addButton)}
                onClick={() => turns.append({ from: '', minutes: '' })}
              >
                {t('settings.turns.add')}
              </button>
              <div className={`${settingsStyles.limits} ${settingsStyles.resetField}`}>
                <FormField
                  label={t('settings.turns.reset')}
                  hint={t('settings.turns.resetHint')}
                  error={errors.reset_minutes?.message}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      {...register('reset_minutes')}
                    />
                  )}
                </FormField>
              </div>
            </section>
          ) : null}

          <section className={styles.card} aria-labelledby="closed-title">
            <h3 id="closed-title" className={styles.cardTitle}>
              {t('settings.closedDates.title')}
            </h3>
            <p className={styles.muted}>{t('settings.closedDates.intro')}</p>
            {closedDates.fields.length === 0 ? (
              <p className={settingsStyles.empty}>{t('settings.closedDates.none')}</p>
            ) : (
              <ul className={settingsStyles.rows}>
                {closedDates.fields.map((field, index) => {
                  const rowErrors = errors.closed_dates?.[index];
                  const date = form.watch(`closed_dates.${index}.date`);
                  return (
                    <li key={field.id} className={settingsStyles.closedRow}>
                      <FormField label={t('settings.closedDates.date')} error={rowErrors?.date?.message}>
                        {(control) => <input {...control} type="date" {...register(`closed_dates.${index}.date`)} />}
                      </FormField>
                      <FormField
                        label={t('settings.closedDates.reason')}
                        error={rowErrors?.reason?.message}
                        className={settingsStyles.reasonField}
                      >
                        {(control) => (
                          <input
                            {...control}
                            type="text"
                            maxLength={120}
                            autoComplete="off"
                            {...register(`closed_dates.${index}.reason`)}
                          />
                        )}
                      </FormField>
                      <button
                        type="button"
                        className={buttonClass('ghost', settingsStyles.removeButton)}
                        aria-label={t('settings.closedDates.removeFor', { date: date || '' }).trim()}
                        onClick={() => {
                          closedDates.remove(index);
                          addClosedDateButton.current?.focus();
                        }}
                      >
                        {t('settings.closedDates.remove')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            <button
              ref={addClosedDateButton}
              type="button"
              className={buttonClass('ghost', settingsStyles.addButton)}
              onClick={() => closedDates.append({ date: '', reason: '' })}
            >
              {t('settings.closedDates.add')}
            </button>
          </section>
        </div>

        <section className={`${styles.card} ${settingsStyles.column}`} aria-labelledby="hours-title">
          <h3 id="hours-title" className={styles.cardTitle}>
            {t('settings.hours.title')}
          </h3>
          <p className={styles.muted}>{t('settings.hours.intro')}</p>
          <div className={settingsStyles.days}>
            {weekdays.map((weekday) => {
              const ranges = hours.fields
                .map((field, index) => ({ field, index }))
                .filter(({ field }) => field.weekday === weekday);
              return (
                <fieldset key={weekday} className={settingsStyles.day}>
                  <legend className={settingsStyles.dayName}>{dayName(weekday)}</legend>
                  <div className={settingsStyles.dayBody}>
                    {ranges.length === 0 ? (
                      <p className={settingsStyles.closedDay}>{t('settings.hours.closed')}</p>
                    ) : null}
                    {ranges.map(({ field, index }) => {
                      const rangeErrors = errors.hours?.[index];
                      const [opens, closes] = form.watch([`hours.${index}.opens`, `hours.${index}.closes`]);
                      return (
                        <div key={field.id} className={settingsStyles.range}>
                          <FormField label={t('settings.hours.opens')} error={rangeErrors?.opens?.message}>
                            {(control) => <input {...control} type="time" {...register(`hours.${index}.opens`)} />}
                          </FormField>
                          <FormField label={t('settings.hours.closes')} error={rangeErrors?.closes?.message}>
                            {(control) => <input {...control} type="time" {...register(`hours.${index}.closes`)} />}
                          </FormField>
                          <button
                            type="button"
                            className={buttonClass('ghost', settingsStyles.removeButton)}
                            aria-label={t('settings.hours.removeFor', {
                              opens: opens || '…',
                              closes: closes || '…',
                              day: dayName(weekday),
                            })}
                            onClick={() => removeRange(index, weekday)}
                          >
                            {t('settings.hours.remove')}
                          </button>
                        </div>
                      );
                    })}
                    <button
                      ref={(element) => {
                        if (element) addHoursButtons.current.set(weekday, element);
                        else addHoursButtons.current.delete(weekday);
                      }}
                      type="button"
                      className={buttonClass('ghost', settingsStyles.addButton)}
                      aria-label={t('settings.hours.addFor', { day: dayName(weekday) })}
                      onClick={() => addRange(weekday)}
                    >
                      {t('settings.hours.add')}
                    </button>
                  </div>
                </fieldset>
              );
            })}
          </div>
        </section>
      </div>

      <div className={settingsStyles.actions}>
        <p role="alert" className={settingsStyles.formError}>
          {formError}
        </p>
        <p className={settingsStyles.dirty} aria-live="polite">
          {isDirty ? t('settings.unsaved') : ''}
        </p>
        <Button
          variant="ghost"
          className={settingsStyles.actionButton}
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            setFormError(undefined);
            // Back to what was loaded, or last saved.
            form.reset();
          }}
        >
          {t('settings.discard')}
        </Button>
        <Button type="submit" variant="secondary" className={settingsStyles.actionButton} disabled={isSubmitting}>
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
