import { describe, expect, it } from 'vitest';
import {
  appPaths,
  branchPaths,
  dataLinkPath,
  localizePath,
  manageBookingPath,
  matchDataLink,
  matchManageLink,
  paths,
  splitLanguage,
} from './routes.ts';

describe('paths in each language', () => {
  it('keeps the spec’s routes for English and puts Vietnamese under /vi', () => {
    expect(localizePath(paths.home, 'en')).toBe('/');
    expect(localizePath(paths.menu, 'en')).toBe('/menu');
    expect(localizePath(paths.home, 'vi')).toBe('/vi');
    expect(localizePath(paths.adminDashboard, 'vi')).toBe('/vi/admin/dashboard');
  });

  it('reads the language back from a path', () => {
    expect(splitLanguage('/')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguage('/menu')).toEqual({ language: 'en', path: '/menu' });
    expect(splitLanguage('/vi')).toEqual({ language: 'vi', path: '/' });
    expect(splitLanguage('/vi/')).toEqual({ language: 'vi', path: '/' });
    expect(splitLanguage('/vi/menu')).toEqual({ language: 'vi', path: '/menu' });
    // Only the whole segment is a prefix.
    expect(splitLanguage('/video')).toEqual({ language: 'en', path: '/video' });
  });

  it('lists every app route in both languages for the server', () => {
    const pages = [...Object.values(paths), ...branchPaths];
    for (const path of pages) {
      expect(appPaths).toContain(path);
      expect(appPaths).toContain(localizePath(path, 'vi'));
    }
    expect(branchPaths).toEqual(['/branches/hanoi', '/branches/ninh-binh', '/branches/sa-pa', '/branches/da-nang']);
    expect(appPaths).toHaveLength(pages.length * 2);
  });
});

describe('manage links', () => {
  const token = 'Ab3_x-Zz9'.repeat(5).slice(0, 43);

  it('finds the token in every language, with or without a trailing slash, in any case', () => {
    expect(matchManageLink(`/booking/${token}`)).toEqual({ language: 'en', token });
    expect(matchManageLink(`/booking/${token}/`)).toEqual({ language: 'en', token });
    expect(matchManageLink(`/vi/booking/${token}`)).toEqual({ language: 'vi', token });
    expect(matchManageLink(`/vi/booking/${token}/`)).toEqual({ language: 'vi', token });
    expect(matchManageLink(`/VI/Booking/${token}`)).toEqual({ language: 'vi', token });
    expect(matchManageLink(manageBookingPath(token))).toEqual({ language: 'en', token });
    expect(matchManageLink(localizePath(manageBookingPath(token), 'vi'))).toEqual({ language: 'vi', token });
  });

  it('treats any other path under /booking/ as a manage link without a token', () => {
    expect(matchManageLink('/booking/')).toEqual({ language: 'en', token: undefined });
    expect(matchManageLink('/vi/booking/')).toEqual({ language: 'vi', token: undefined });
    expect(matchManageLink(`/booking/${token}/more`)).toEqual({ language: 'en', token: undefined });
    expect(matchManageLink(`/booking//${token}`)).toEqual({ language: 'en', token: undefined });
  });

  it('reads an emailed data link, in any language and case, and keeps it private as a manage path', () => {
    expect(matchDataLink(dataLinkPath(token))).toEqual({ language: 'en', token });
    expect(matchDataLink(localizePath(dataLinkPath(token), 'vi'))).toEqual({ language: 'vi', token });
    expect(matchDataLink(`/VI/Booking/Data/${token}/`)).toEqual({ language: 'vi', token });
    expect(matchDataLink(`/booking/${token}`)).toBeUndefined();
    expect(matchDataLink(`/booking/data/${token}/more`)).toBeUndefined();
    expect(matchDataLink(`/menu/booking/data/${token}`)).toBeUndefined();
    // Its path is under the manage links' prefix: the private headers apply.
    expect(matchManageLink(dataLinkPath(token))).toEqual({ language: 'en', token: undefined });
  });

  it('leaves every other path alone', () => {
    for (const path of [
      '/',
      '/booking',
      '/vi/booking',
      '/bookings/x',
      '/menu',
      '/vi',
      '/video/booking/x',
      '/x/booking/y',
    ]) {
      expect(matchManageLink(path), path).toBeUndefined();
    }
  });
});
