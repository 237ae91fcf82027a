/**
 * A day's waitlist as a list, shared by the dashboard's card and the floor's door list: who is
 * waiting, for which window and party size, in order, and what became of each. An online entry
 * may be offered a table by hand (offer_waitlist_table: the hold and email the automatic offer
 * makes); a party at the door is told its table is ready (an email when it left one, else the
 * words to send by phone, in its language) and seated (seat_door_party), which takes it off the list.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { formatBookingTime } from '../../../../domain/booking-format.ts';
import { useBranchName, useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { noEmail, noMobile, type WaitlistRow } from '../../../shared/lib/waitlist-rows.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './waitlist.module.css';

/** The message a host sends a door party by phone, in the party's language (both are loaded). */
function readyMessage(entry: WaitlistRow, branch: string): string {
  return entry.language === 'vi'
    ? `Chào ${entry.name}, bàn cho ${entry.guests} người của bạn tại Saffron Lotus ${branch} đã sẵn sàng. Mời bạn quay lại quầy lễ tân nhé!`
    : `Hi ${entry.name}, your table for ${entry.guests} at Saffron Lotus ${branch} is ready. Please come back to the host stand.`;
}

export function WaitlistEntries(props: {
  supabase: SupabaseClient;
  entries: WaitlistRow[];
  /** Called after a door party is seated, so the screen reads its floor again. */
  onSeated?: () => void;
}) {
  const { supabase, entries } = props;
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const nameOf = useBranchName();
  const client = useQueryClient();
  const [readyFor, setReadyFor] = useState<number | undefined>();
  const settle = () => client.invalidateQueries({ queryKey: ['waitlist'] });
  const offer = useMutation({
    mutationFn: async (id: number) => {
      const { error } = await supabase.rpc('offer_waitlist_table', { p_entry_id: id });
      if (error) throw new Error(error.code === 'BK044' ? t('waitlist.noTable') : t('waitlist.offerFailed'));
    },
    onSuccess: () => notify.success(t('waitlist.offered')),
    onError: (error) => notify.error(error.message),
    onSettled: settle,
  });
  const ready = useMutation({
    mutationFn: async (entry: WaitlistRow) => {
      const { data, error } = await supabase.rpc('door_table_ready', { p_entry_id: entry.id });
      if (error) throw new Error(error.message);
      return { entry, emailed: z.boolean().parse(data) };
    },
    // With an email the database sent it; without, the host sends the words shown by phone.
    onSuccess: ({ entry, emailed }) =>
      emailed ? notify.success(t('waitlist.door.emailed', { name: entry.name })) : setReadyFor(entry.id),
    onError: (error) => notify.error(t('waitlist.door.refused', { message: error.message })),
    onSettled: settle,
  });
  const seat = useMutation({
    mutationFn: async (entry: WaitlistRow) => {
      const { error } = await supabase.rpc('seat_door_party', { p_entry_id: entry.id });
      if (error) throw new Error(error.message);
      return entry;
    },
    onSuccess: (entry) => {
      notify.success(t('waitlist.door.seated', { name: entry.name }));
      props.onSeated?.();
    },
    onError: (error) => notify.error(t('waitlist.door.refused', { message: error.message })),
    onSettled: settle,
  });
  const clock = (time: string) => formatBookingTime(time.slice(0, 5), '', language);

  return (
    <ol className={styles.list} aria-label={t('waitlist.title')}>
      {entries.map((entry) => {
        const door = entry.source === 'door';
        const contact = [entry.mobile === noMobile ? '' : entry.mobile, entry.email === noEmail ? '' : entry.email]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={entry.id} className={styles.entry} data-status={entry.status} data-source={entry.source}>
            <span className={styles.who}>
              {entry.name} · {t('waitlist.party', { count: entry.guests })}
              {door ? ` · ${t('waitlist.door.badge')}` : ''}
            </span>
            <span>
              {nameOf(entry.branch)}, {clock(entry.time_from)}–{clock(entry.time_to)}
              {door && entry.quoted_minutes !== null
                ? ` · ${t('waitlist.door.quoted', { count: entry.quoted_minutes })}`
                : ''}
              {entry.mobile !== noMobile ? (
                <>
                  {' · '}
                  <a href={`tel:${entry.mobile.replace(/[^+\d]/g, '')}`}>{entry.mobile}</a>
                </>
              ) : null}
            </span>
            <span className={styles.actions}>
              <strong>
                {door && entry.status === 'waiting' && entry.ready_at
                  ? t('waitlist.door.readyStatus')
                  : t(`waitlist.status_${entry.status}`)}
              </strong>
              {!door && (entry.status === 'waiting' || entry.status === 'expired') ? (
                <Button
                  variant="secondary"
                  onClick={() => offer.mutate(entry.id)}
                  disabled={offer.isPending}
                  aria-label={t('waitlist.offerFor', { name: entry.name })}
                >
                  {t('waitlist.offer')}
                </Button>
              ) : null}
              {door && entry.status === 'waiting' ? (
                <>
                  <Button
                    variant="secondary"
                    onClick={() => ready.mutate(entry)}
                    disabled={ready.isPending}
                    aria-label={t('waitlist.door.readyFor', { name: entry.name })}
                  >
                    {t('waitlist.door.ready')}
                  </Button>
                  <Button
                    onClick={() => seat.mutate(entry)}
                    disabled={seat.isPending}
                    aria-label={t('waitlist.door.seatFor', { name: entry.name })}
                  >
                    {t('waitlist.door.seat')}
                  </Button>
                </>
              ) : null}
            </span>
            {door && readyFor === entry.id && entry.status === 'waiting' ? (
              <div className={styles.form}>
                <label>
                  {contact ? t('waitlist.door.sendTo', { contact }) : t('waitlist.door.tellThem')}
                  <textarea
                    className={styles.message}
                    readOnly
                    value={readyMessage(entry, nameOf(entry.branch))}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                </label>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void navigator.clipboard
                      .writeText(readyMessage(entry, nameOf(entry.branch)))
                      .then(() => notify.success(t('waitlist.door.copied')))
                      // Refused (no permission, no secure context): the text stays selectable above.
                      .catch(() => {})
                  }
                >
                  {t('waitlist.door.copy')}
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
