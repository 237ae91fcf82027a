/**
 * The server's side of the manage page, /booking/<token> (issue 14): 200 with the app when the
 * token opens a booking, 404 with the not-found page when it does not (the app then explains), and
 * on both a page that asks not to be indexed and sends no Referer.
 */
import { manageTokenPattern } from '../../domain/booking-lifecycle.ts';
import { manageBookingPrefix } from '../../domain/routes.ts';
import type { Queryable } from '../db/database.ts';
import type { PrivatePage } from '../static/web-app.ts';

export function manageBookingPage(db: Queryable): PrivatePage {
  return {
    prefix: manageBookingPrefix,
    async exists(token) {
      if (!manageTokenPattern.test(token)) return false;
      const { rows } = await db.query<{ found: boolean }>(
        `select exists (
           select 1 from public.reservations
            where manage_token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')
         ) as found`,
        [token],
      );
      return rows[0]?.found === true;
    },
  };
}
