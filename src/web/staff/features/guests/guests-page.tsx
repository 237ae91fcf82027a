/**
 * /admin/guests (issue 25): staff find a guest (accent-blind, or by phone in any spelling), see
 * their visits, no-shows, cancellations, covers, first and last visit and bookings, keep tags and
 * notes across visits; owners block and unblock with a reason, and erase. Who may read which guest
 * is the database's rule (a host: guests of their branches); each guest opened is logged for owners.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useId, useState } from 'react';
import { formatBookingTimeAndPeriod } from '../../../../domain/booking-format.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import type { StaffClaims } from '../../shell/staff-claims.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { useDebouncedValue } from '../admin/use-debounced-value.ts';
import styles from './guests.module.css';
import {
  eraseGuest,
  type Guest,
  type GuestBooking,
  type GuestHistoryLine,
  guestDetails,
  searchGuests,
  updateGuest,
} from './guests-api.ts';
import { MergeGuests } from './merge-guests.tsx';
import { NoShowRuleForm } from './no-show-rule.tsx';

export function GuestsPage() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('guests.title')}
      subtitle={t('guests.subtitle')}
      notAuthorised={(email) => t('dashboard.notAuthorised', { email })}
    >
      {(supabase, claims) => <GuestBoard supabase={supabase} claims={claims} />}
    </StaffScreen>
  );
}

function GuestBoard({ supabase, claims }: { supabase: SupabaseClient; claims: StaffClaims }) {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const [guests, setGuests] = useState<Guest[]>();
  const [selected, setSelected] = useState<string>();

  const reload = useCallback(() => {
    searchGuests(supabase, debounced).then(setGuests, () => {
      setGuests([]);
      notify.error(t('guests.loadFailed'));
    });
  }, [supabase, debounced, t]);
  useEffect(reload, [reload]);

  const guest = guests?.find((g) => g.id === selected);
  return (
    <div className={styles.board}>
      {claims.role === 'owner' ? <NoShowRuleForm supabase={supabase} /> : null}
      <section className={styles.list} aria-labelledby="guests-list-title">
        <h2 id="guests-list-title" className={styles.title}>
          {t('guests.listTitle')}
        </h2>
        <label htmlFor={searchId}>{t('guests.search')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={styles.search}
        />
        {guests === undefined ? (
          <p role="status">{t('guests.loading')}</p>
        ) : guests.length === 0 ? (
          <p>{t('guests.none')}</p>
        ) : (
          <ul className={styles.items}>
            {guests.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-pressed={g.id === selected}
                  onClick={() => setSelected(g.id)}
                >
                  <strong>{g.name ?? t('guests.noName')}</strong> <span>{g.mobile ?? g.email ?? ''}</span>
                  <span className={styles.counts}>
                    {t('guests.countsShort', { visits: g.visit_count, noShows: g.no_show_count })}
                    {g.blocked ? ` · ${t('guests.blocked')}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {guest ? (
        <GuestProfile
          key={guest.id}
          supabase={supabase}
          guest={guest}
          owner={claims.role === 'owner'}
          onChanged={reload}
          onErased={() => {
            setSelected(undefined);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}

function GuestProfile(props: {
  supabase: SupabaseClient;
  guest: Guest;
  owner: boolean;
  onChanged: () => void;
  onErased: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const nameOf = useBranchName();
  const { guest, supabase } = props;
  const ids = { tags: useId(), notes: useId(), reason: useId() };
  const [tags, setTags] = useState(guest.tags.join(', '));
  const [notes, setNotes] = useState(guest.notes ?? '');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState<{ bookings: GuestBooking[]; history: GuestHistoryLine[] }>();

  useEffect(() => {
    guestDetails(supabase, guest.id).then(setDetails, () => notify.error(t('guests.loadFailed')));
  }, [supabase, guest.id, t]);

  const save = async (change: Parameters<typeof updateGuest>[2], done: string) => {
    try {
      await updateGuest(supabase, guest.id, change);
      notify.success(done);
      props.onChanged();
      setDetails(await guestDetails(supabase, guest.id));
    } catch {
      notify.error(t('guests.saveFailed'));
    }
  };

  const erase = async () => {
    if (!window.confirm(t('guests.eraseConfirm'))) return;
    try {
      await eraseGuest(supabase, guest.id);
      notify.success(t('guests.erased'));
      props.onErased();
    } catch {
      notify.error(t('guests.saveFailed'));
    }
  };

  return (
    <section className={styles.profile} aria-labelledby="guest-profile-title">
      <h2 id="guest-profile-title" className={styles.title}>
        {guest.name ?? t('guests.noName')}
      </h2>
      <p>{[guest.mobile, guest.email].filter(Boolean).join(' · ')}</p>
      {guest.blocked ? (
        <p role="status" className={styles.blockedNote}>
          {t(guest.blocked_by === 'rule' ? 'guests.markedBecause' : 'guests.blockedBecause', {
            reason: guest.blocked_reason ?? '',
          })}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>{t('guests.visits')}</dt>
          <dd>{guest.visit_count}</dd>
        </div>
        <div>
          <dt>{t('guests.covers')}</dt>
          <dd>{guest.covers}</dd>
        </div>
        <div>
          <dt>{t('guests.noShows')}</dt>
          <dd>{guest.no_show_count}</dd>
        </div>
        <div>
          <dt>{t('guests.cancellations')}</dt>
          <dd>{guest.cancel_count}</dd>
        </div>
        <div>
          <dt>{t('guests.firstVisit')}</dt>
          <dd>{guest.first_visit ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('guests.lastVisit')}</dt>
          <dd>{guest.last_visit ?? '—'}</dd>
        </div>
      </dl>
      <label htmlFor={ids.tags}>{t('guests.tags')}</label>
      <input id={ids.tags} value={tags} onChange={(event) => setTags(event.target.value)} />
      <label htmlFor={ids.notes}>{t('guests.notes')}</label>
      <textarea id={ids.notes} rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
      <div className={styles.actions}>
        <Button
          onClick={() =>
            void save(
              {
                tags: tags
                  .split(',')
                  .map((tag) => tag.trim())
                  .filter(Boolean),
                notes: notes.trim() || null,
              },
              t('guests.saved'),
            )
          }
        >
          {t('guests.save')}
        </Button>
      </div>
      <MergeGuests
        supabase={supabase}
        keep={guest}
        onMerged={() => {
          props.onChanged();
          guestDetails(supabase, guest.id).then(setDetails, () => notify.error(t('guests.loadFailed')));
        }}
      />
      {props.owner ? (
        <div className={styles.ownerTools}>
          {guest.blocked ? (
            <Button variant="secondary" onClick={() => void save({ blocked: false }, t('guests.unblocked'))}>
              {t('guests.unblock')}
            </Button>
          ) : (
            <>
              <label htmlFor={ids.reason}>{t('guests.blockReason')}</label>
              <input id={ids.reason} value={reason} onChange={(event) => setReason(event.target.value)} />
              <Button
                variant="secondary"
                disabled={reason.trim() === ''}
                onClick={() => void save({ blocked: true, blocked_reason: reason.trim() }, t('guests.blockedToast'))}
              >
                {t('guests.block')}
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={() => void erase()}>
            {t('guests.erase')}
          </Button>
        </div>
      ) : null}
      {details ? (
        <>
          <h3>{t('guests.bookings')}</h3>
          <ul>
            {details.bookings.map((b) => (
              <li key={b.reference}>
                {b.date} {formatBookingTimeAndPeriod(b.time, b.period, i18n.language)} · {nameOf(b.branch)} ·{' '}
                {t('guests.party', { count: b.guests })} · {b.status.replace('_', '-')}
              </li>
            ))}
          </ul>
          <h3>{t('guests.history')}</h3>
          <ul>
            {details.history.map((line) => (
              <li key={`${line.changed_at}-${line.action}`}>
                {new Date(line.changed_at).toLocaleString()} · {t(`guests.actions.${line.action}`)}
                {line.reason ? ` · ${line.reason}` : ''}
                {line.actor_email ? ` · ${line.actor_email}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
