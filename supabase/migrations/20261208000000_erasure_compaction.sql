-- Erased values must leave the database's files, not only its rows (issue 25): an UPDATE or DELETE
-- leaves the old row version (name, mobile, email) in the table's pages until the table is
-- rewritten, and plain VACUUM marks the space free without zeroing it. So every erasure says so on
-- the channel 'personal_data_erased', after its commit, and the server rewrites the tables that held
-- the values (VACUUM FULL, src/server/guests/compaction-job.ts). NOTIFY folds the signals of one
-- transaction into one.

create function private.signal_erasure() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('personal_data_erased', '');
  return null;
end
$$;
revoke all on function private.signal_erasure() from public;

-- A booking or a guest erased (by an owner, the manage link or the retention job).
create trigger reservations_signal_erasure after update on public.reservations
  for each row when (old.erased_at is null and new.erased_at is not null)
  execute function private.signal_erasure();
create trigger guests_signal_erasure after update on public.guests
  for each row when (old.erased_at is null and new.erased_at is not null)
  execute function private.signal_erasure();
-- A waiting-list entry erased on its own (the retention job reaches old days with no booking).
create trigger waitlist_entries_signal_erasure after update on public.waitlist_entries
  for each row when (new.email = 'erased@erased.invalid' and old.email <> new.email)
  execute function private.signal_erasure();
-- The erasure confirmation's address, forgotten once the email is sent or given up (a new row
-- version: the old one with the address is still in the page), or deleted unsent by retention.
create trigger outbox_signal_erasure_update after update on private.outbox
  for each row when (new.kind = 'erasure' and old.recipient <> new.recipient)
  execute function private.signal_erasure();
create trigger outbox_signal_erasure_delete after delete on private.outbox
  for each row when (old.kind = 'erasure' and old.recipient <> 'erased@erased.invalid')
  execute function private.signal_erasure();
