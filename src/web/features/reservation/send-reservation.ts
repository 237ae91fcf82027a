/**
 * Call 8: posts the reservation to the configured spreadsheet endpoint — a Google Apps Script
 * web app, or the server's own receiver by default. `no-cors` because Apps Script does not answer
 * CORS preflights: the browser sends the string body as text/plain and gives back an opaque
 * response, so a request that completes counts as delivered and only a network failure rejects.
 */
import type { SheetsReservation } from '../../../domain/reservation.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';

export async function sendReservation(payload: SheetsReservation): Promise<void> {
  const { sheetsEndpoint } = await getRuntimeConfig();
  await fetch(sheetsEndpoint, { method: 'POST', mode: 'no-cors', body: JSON.stringify(payload) });
}
