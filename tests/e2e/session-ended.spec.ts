/**
 * A session ended on another device (or by the owner) ends on this one too: /rest/v1 refuses its
 * access token at once, and the dashboard returns to sign-in with "Your session has ended"
 * instead of showing reservations until the token expires.
 */
import { expect, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';

test('a dashboard whose session was signed out elsewhere returns to the login page', async ({ page, baseURL }) => {
  const api = await request.newContext();
  try {
    const url = baseURL ?? '';
    const config = (await (await api.get(`${url}/config.json`)).json()) as {
      supabaseUrl: string;
      supabaseAnonKey: string;
    };
    const storageKey = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
    const headers = { apikey: config.supabaseAnonKey };
    const signIn = await api.post(`${url}/auth/v1/token?grant_type=password`, { headers, data: e2eStaff });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const session = (await signIn.json()) as { access_token: string };

    // Signed in on this page as supabase-js would have stored it.
    await page.goto('/admin/login');
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: storageKey,
      value: JSON.stringify(session),
    });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: /^Reservations/ })).toBeVisible();

    // Signed out from another device: no storage event reaches this page.
    const logout = await api.post(`${url}/auth/v1/logout?scope=local`, {
      headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
    });
    expect(logout.status()).toBe(204);
    const refused = await api.get(`${url}/rest/v1/reservations?select=id&limit=1`, {
      headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
    });
    expect(refused.status()).toBe(401);

    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
  } finally {
    await api.dispose();
  }
});
