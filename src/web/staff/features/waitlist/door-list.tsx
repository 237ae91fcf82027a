/**
 * The door list on the host screens (issue 26): the day's waitlist of the branch, live, and a form
 * to add a party that walked in with the wait quoted from the tables' free-at times
 * (add_door_party; the database reads the holds and turn times).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { doorPartySchema } from '../../../shared/lib/waitlist-rows.ts';
import { Button } from '../../../shared/ui/button.tsx';
import adminStyles from '../admin/admin.module.css';
import { useDayWaitlist } from './use-day-waitlist.ts';
import styles from './waitlist.module.css';
import { WaitlistEntries } from './waitlist-entries.tsx';

const doorFormSchema = z.object({
  guests: z.coerce.number().int().min(1).max(100),
  name: z.string().trim().min(1).max(120),
  mobile: z.string().trim().max(32),
  email: z.union([z.literal(''), z.string().trim().email().max(254)]),
  language: z.enum(['en', 'vi']),
});
type DoorForm = z.input<typeof doorFormSchema>;
type DoorValues = z.output<typeof doorFormSchema>;

export function DoorList(props: {
  supabase: SupabaseClient;
  branch: string;
  date: string;
  /** Only today's list takes parties at the door. */
  isToday: boolean;
  onSeated: () => void;
}) {
  const { supabase, branch, date } = props;
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const list = useDayWaitlist(supabase, date, branch);
  // Who is still to be seated: a party seated, booked or gone is off this list (the dashboard's
  // card keeps the whole day's story).
  const waiting = list.data?.filter((entry) => entry.status === 'waiting' || entry.status === 'offered');
  const [quoted, setQuoted] = useState<{ name: string; minutes: number } | undefined>();
  const form = useForm<DoorForm, unknown, DoorValues>({
    resolver: zodResolver(doorFormSchema),
    defaultValues: { guests: 2, name: '', mobile: '', email: '', language: 'vi' },
  });
  const add = useMutation({
    mutationFn: async (values: DoorValues) => {
      const { data, error } = await supabase.rpc('add_door_party', {
        p_branch: branch,
        p_guests: values.guests,
        p_name: values.name,
        p_mobile: values.mobile || null,
        p_email: values.email || null,
        p_language: values.language,
      });
      if (error) throw new Error(error.message);
      const party = doorPartySchema.array().length(1).parse(data)[0];
      return { name: values.name, minutes: party?.quoted_minutes ?? 0 };
    },
    onSuccess: (result) => {
      setQuoted(result);
      form.reset({ guests: 2, name: '', mobile: '', email: '', language: form.getValues('language') });
    },
    onError: (error) => form.setError('root', { message: t('waitlist.door.refused', { message: error.message }) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['waitlist'] }),
  });
  const errors = form.formState.errors;

  return (
    <section className={adminStyles.card} aria-labelledby="door-list-title">
      <h2 id="door-list-title" className={adminStyles.cardTitle}>
        {t('waitlist.door.title')}
      </h2>
      {props.isToday ? (
        <form className={styles.form} noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
          <label>
            {t('waitlist.door.guests')}
            <input type="number" min={1} max={100} inputMode="numeric" {...form.register('guests')} />
          </label>
          <label>
            {t('waitlist.door.name')}
            <input autoComplete="off" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
          </label>
          <label>
            {t('waitlist.door.mobile')}
            <input type="tel" autoComplete="off" {...form.register('mobile')} />
          </label>
          <label>
            {t('waitlist.door.email')}
            <input
              type="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              {...form.register('email')}
            />
          </label>
          <label>
            {t('waitlist.door.language')}
            <select {...form.register('language')}>
              <option value="vi">Tiếng Việt</option>
              <option value="en">English</option>
            </select>
          </label>
          {errors.name || errors.email || errors.guests ? <p role="alert">{t('waitlist.door.invalid')}</p> : null}
          {errors.root?.message ? <p role="alert">{errors.root.message}</p> : null}
          <Button type="submit" disabled={add.isPending}>
            {t('waitlist.door.add')}
          </Button>
          {quoted ? (
            <p role="status">
              {quoted.minutes === 0
                ? t('waitlist.door.quoteNow', { name: quoted.name })
                : t('waitlist.door.quote', { name: quoted.name, count: quoted.minutes })}
            </p>
          ) : null}
        </form>
      ) : null}
      {list.isError ? (
        <p role="alert">{t('waitlist.failed')}</p>
      ) : waiting === undefined ? (
        <p role="status">{t('waitlist.loading')}</p>
      ) : waiting.length === 0 ? (
        <p className={adminStyles.muted}>{t('waitlist.empty')}</p>
      ) : (
        <WaitlistEntries supabase={supabase} entries={waiting} onSeated={props.onSeated} />
      )}
    </section>
  );
}
