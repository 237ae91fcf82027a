import { describe, expect, it } from 'vitest';
import { loggedPath } from './log-path.ts';

// 43 characters of base64url, like a manage token; one all in lower case, which only the first rule catches.
const token = 'q9Xw-2_LmNoPqRsTuVwXyZ0123456789abcdefGHIJK';
const lowerToken = 'abcdefghij_klmnopqrs-tuvwxyzabcdefghijklmno';

describe('the path a log line holds', () => {
  it('ends a manage link at booking/:token in every language, case and encoding', () => {
    for (const path of [
      `/booking/${token}`,
      `/booking/${token}/`,
      `/booking/${token}/more/${token}`,
      `/vi/booking/${lowerToken}`,
      `/VI/Booking/${lowerToken}`,
      `/vi/%62ooking/${lowerToken}`,
      // The emailed data link (review #31, item 1).
      `/booking/data/${lowerToken}`,
      `/vi/booking/data/${token}`,
    ]) {
      const logged = loggedPath(path);
      expect(logged.endsWith('/:token'), path).toBe(true);
      expect(logged).not.toContain(token.slice(0, 12));
      expect(logged).not.toContain(lowerToken.slice(0, 12));
    }
    expect(loggedPath(`/vi/booking/${token}`)).toBe('/vi/booking/:token');
    expect(loggedPath('/booking/')).toBe('/booking/:token');
  });

  it('redacts anything shaped like a secret, on any route, also when percent-encoded', () => {
    expect(loggedPath(`/bookings/${token}`)).toBe('/bookings/:secret');
    expect(loggedPath(`/${token}`)).toBe('/:secret');
    expect(loggedPath(`/vi/${token}.ics`)).toBe('/vi/:secret.ics');
    // Under /assets/ only what reads as the build's own names is kept.
    expect(loggedPath(`/assets/${token}.js`)).toBe('/assets/:secret.js');
    expect(loggedPath(`/assets/x/${token}`)).toBe('/assets/x/:secret');
    const encoded = [...token].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    expect(loggedPath(`/x/${encoded}`)).toBe('/x/:secret');
    // A JWT: each of its three parts.
    expect(loggedPath('/auth/v1/eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg')).toBe(
      '/auth/v1/:secret.:secret.:secret',
    );
    expect(loggedPath('/auth/v1/factors/6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0001/verify')).toBe(
      '/auth/v1/factors/:secret/verify',
    );
  });

  it('keeps the paths the log is for', () => {
    for (const path of [
      '/',
      '/vi/menu',
      '/branches/ninh-binh',
      '/rest/v1/reservations',
      '/rest/v1/rpc/booking_availability',
      '/rest/v1/rpc/search_reservations',
      '/auth/v1/token',
      '/images/hyderabadi-chicken-biryani.avif',
      '/sheets/exec',
      '/booking',
      '/assets/manage-booking-page-Bx7d9kQ2.js',
      '/assets/booking-lifecycle-964-RNVU.js',
      '/assets/Trans-jn3zO_eU.js',
    ]) {
      expect(loggedPath(path)).toBe(path);
    }
  });
});
