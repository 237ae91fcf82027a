/**
 * Call 8: posts the reservation to the configured spreadsheet endpoint — a Google Apps Script
 * web app, or the server's own receiver by default. `no-cors` because Apps Script does not answer
 * CORS preflights: the browser sends the string body as text/plain and gives back an opaque
 * response, so a request that completes counts as delivered and only a network failure rejects.
 *
 * The guest's consent to news and offers is no part of the spec's payload: ticked, it goes as
 * `?news=yes` on the endpoint's address (sheetsNewsParameter); unticked, the address is unchanged.
 */
import { type SheetsReservation, sheetsNewsParameter } from '../../../../domain/reservation.ts';
import { getRuntimeConfig } from '../../../shared/lib/runtime-config.ts';

export async function sendReservation(payload: SheetsReservation, { news }: { news: boolean }): Promise<void> {
  const { sheetsEndpoint } = await getRuntimeConfig();
  await fetch(news ? withNews(sheetsEndpoint) : sheetsEndpoint, {
    method: 'POST',
    mode: 'no-cors',
    body: JSON.stringify(payload),
  });
}

function withNews(endpoint: string): string {
  const url = new URL(endpoint);
  url.searchParams.set(sheetsNewsParameter, 'yes');
  return url.href;
}
