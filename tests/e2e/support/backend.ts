/**
 * The backend as a test sets it up: sign in as staff, save a branch's settings, book as a guest
 * and ask for availability — each through the same /auth/v1 and /rest/v1 calls the app makes.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import type { BranchSettings } from '../../../src/domain/availability.ts';
import type { ReservationInsert } from '../../../src/domain/reservation.ts';

export interface Backend {
  url: string;
  anonKey: string;
  /** Where supabase-js keeps the session in local storage for this backend. */
  storageKey: string;
}

export interface StaffSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { email?: string };
}

export async function backendOf(api: APIRequestContext, url: string): Promise<Backend> {
  const config = (await (await api.get(`${url}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  // supabase-js's default storage key: sb-<first label of the backend's host name>-auth-token.
  const storageKey = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  return { url, anonKey: config.supabaseAnonKey, storageKey };
}

export async function signIn(
  api: APIRequestContext,
  backend: Backend,
  credentials: { email: string; password: string },
): Promise<StaffSession> {
  const response = await api.post(`${backend.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    data: credentials,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StaffSession;
}

/** Every day 10:30 AM to 11:00 PM, as the migration seeds the four branches. */
export const everyDayHours: BranchSettings['hours'] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '10:30',
  closes: '23:00',
}));

export const unlimited: BranchSettings = {
  time_zone: 'Asia/Ho_Chi_Minh',
  covers_per_slot: null,
  max_party: null,
  booking_window_days: null,
  hours: everyDayHours,
  closed_dates: [],
};

/** save_branch_settings as staff (what the settings screen calls). */
export async function saveBranchSettings(
  api: APIRequestContext,
  backend: Backend,
  session: StaffSession,
  branch: string,
  settings: Partial<BranchSettings>,
): Promise<void> {
  const response = await api.post(`${backend.url}/rest/v1/rpc/save_branch_settings`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
    data: { p_branch: branch, p_settings: { ...unlimited, ...settings } },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** One booking as a guest makes it (call 1). */
export async function bookAsGuest(api: APIRequestContext, backend: Backend, row: ReservationInsert): Promise<void> {
  const response = await api.post(`${backend.url}/rest/v1/reservations`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    data: row,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Reads a table as staff, e.g. `branch_settings?branch=eq.X`. */
export async function readAsStaff<T>(
  api: APIRequestContext,
  backend: Backend,
  session: StaffSession,
  pathAndQuery: string,
): Promise<T> {
  const response = await api.get(`${backend.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
