/**
 * The server's side of the manage page, /booking/<token> in every language (/vi/booking/<token>;
 * issue 14, review #20 item 6): 200 with the app when the token opens a booking, 404 with the
 * not-found page when it does not (the app then explains), and on both a page that asks not to be
 * indexed and sends no Referer. Each look-up counts against the client's address (item 8).
 */
import { manageTokenPattern } from '../../domain/booking-lifecycle.ts';
import { matchDataLink, matchManageLink } from '../../domain/routes.ts';
import type { AppDeps } from '../app-deps.ts';
import { clientRateLimitKey } from '../http/client-address.ts';
import { manageLinkLimit } from '../rate-limit/read-limits.ts';
import type { PrivatePage } from '../static/web-app.ts';

export function manageBookingPage({
  db,
  rateLimiter,
  config,
}: Pick<AppDeps, 'db' | 'rateLimiter' | 'config'>): PrivatePage {
  return {
    page: 'booking.html',
    match(path) {
      const link = matchManageLink(path);
      return link && { language: link.language, key: link.token };
    },
    async throttle(c) {
      const key = clientRateLimitKey(c, config.trustedProxies);
      const decision = await rateLimiter.hit('manage-link', key, manageLinkLimit);
      return decision.allowed ? 0 : decision.retryAfter;
    },
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

/**
 * The emailed link to all of a guest's data, /booking/data/<token> (review #31, item 1): 200 while
 * the link is fresh, unused and its booking not erased, 404 otherwise; counted against the same
 * per-client limit as the manage links. Listed before the manage page, whose prefix it shares.
 */
export function dataLinkPage({ db, rateLimiter, config }: Pick<AppDeps, 'db' | 'rateLimiter' | 'config'>): PrivatePage {
  const manage = manageBookingPage({ db, rateLimiter, config });
  return {
    page: 'booking-data.html',
    match(path) {
      const link = matchDataLink(path);
      return link && { language: link.language, key: link.token };
    },
    throttle: manage.throttle,
    async exists(token) {
      if (!manageTokenPattern.test(token)) return false;
      const { rows } = await db.query<{ found: boolean }>(
        `select exists (
           select 1 from private.data_links l join public.reservations r on r.id = l.reservation_id
            where l.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')
              and l.used_at is null and l.expires_at > now() and r.erased_at is null
         ) as found`,
        [token],
      );
      return rows[0]?.found === true;
    },
  };
}
