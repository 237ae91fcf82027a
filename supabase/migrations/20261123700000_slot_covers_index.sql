-- Every booking at a branch with a capacity sums the covers already booked in its slot
-- (public.covers_taken, under the slot's lock, 20261123000000 and 20261123200000). Through the
-- (branch, date) index that read every booking of the day and worked out each one's slot; this
-- index holds the slot itself and the party size, so the sum reads only that slot's bookings,
-- from the index alone. The availability call's per-slot totals use it as well.
create index reservations_slot_covers_idx
  on public.reservations (branch, date, public.booking_slot(time, period))
  include (guests)
  where status = 'booked';

-- An index expression runs as whoever writes the row, so every role that inserts or updates
-- bookings needs EXECUTE on it. booking_slot is pure ("07:30", "PM" → 19:30) and reads no data;
-- callable over /rest/v1/rpc as well, it tells nothing the forms do not already show.
grant execute on function public.booking_slot(text, text) to anon, authenticated, service_role;
