/**
 * The guest behind a booking, in the dashboard's drawer and on the floor page (issue 25): visits,
 * no-shows, cancellations, tags and notes kept across visits, an allergy tag first and in bold (the
 * one a host must not miss), and, for a blocked guest, why their online bookings are refused. Read with the caller's rights: nothing shows for a guest they may not read.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import styles from './guests.module.css';
import { type Guest, guestSchema } from './guests-api.ts';

// Tags staff write for an allergy, in either language ("allergy: peanuts", "dị ứng tôm").
const allergyTag = /allerg|dị ứng/i;

async function guestOfBooking(supabase: SupabaseClient, reservationId: number): Promise<Guest | undefined> {
  const booking = await supabase.from('reservations').select('guest_id').eq('id', reservationId).maybeSingle();
  const guestId = z.object({ guest_id: z.string().nullable() }).safeParse(booking.data);
  if (!guestId.success || !guestId.data.guest_id) return undefined;
  const { data } = await supabase.from('guests').select('*').eq('id', guestId.data.guest_id).maybeSingle();
  const parsed = guestSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export function GuestSummary({ supabase, reservationId }: { supabase: SupabaseClient; reservationId: number }) {
  const { t } = useTranslation('admin');
  const [guest, setGuest] = useState<Guest>();
  useEffect(() => {
    let current = true;
    guestOfBooking(supabase, reservationId).then(
      (found) => current && setGuest(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [supabase, reservationId]);
  if (!guest) return null;
  const allergies = guest.tags.filter((tag) => allergyTag.test(tag));
  const others = guest.tags.filter((tag) => !allergyTag.test(tag));
  return (
    <section aria-labelledby="drawer-guest">
      <h3 id="drawer-guest">{t('guests.drawerTitle')}</h3>
      {guest.blocked ? (
        <p role="status">
          <strong>
            {t(guest.blocked_by === 'rule' ? 'guests.markedBecause' : 'guests.blockedBecause', {
              reason: guest.blocked_reason ?? '',
            })}
          </strong>
        </p>
      ) : null}
      <p>
        {t('guests.drawerCounts', {
          visits: guest.visit_count,
          noShows: guest.no_show_count,
          cancellations: guest.cancel_count,
        })}
      </p>
      {allergies.length > 0 ? <p className={styles.allergy}>{allergies.join(' · ')}</p> : null}
      {others.length > 0 ? <p>{others.join(' · ')}</p> : null}
      {guest.notes ? <p>{guest.notes}</p> : null}
    </section>
  );
}
