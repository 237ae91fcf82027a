/**
 * One time per booking on the dashboard, whatever path stored it (review #31, item 8): a REST
 * client's "19:00" with "PM" read "19:00 PM". The Time column ("time plus period", the spec)
 * shows the booking's canonical slot as the home form and the emails do, "7:00 PM"; the
 * /reservation page's meal periods keep their word ("19:00 Dinner", as the spec tests show it).
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { type Backend, backendOf, type StaffSession, signIn } from './support/backend.ts';

let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext();
  backend = await backendOf(api, baseURL ?? '');
  staff = await signIn(api, backend, e2eStaff);
});

test.afterAll(async () => {
  await api.dispose();
});

async function signedIn(page: Page) {
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto('/admin/dashboard');
}

test('a booking stored through REST as 19:00 PM shows 7:00 PM, like the same time stored any other way', async ({
  page,
}) => {
  const tag = `T${randomUUID().slice(0, 8)}`;
  const shapes = [
    { label: 'rest', time: '19:00', period: 'PM' },
    { label: 'home', time: '07:00', period: 'PM' },
    { label: 'bare', time: '7:00', period: 'PM' },
    { label: 'meal', time: '19:00', period: 'Dinner' },
  ];
  // The spec's insert payload (call 1) with the times as each path sends them, at a branch
  // without booking rules.
  const response = await api.post(`${backend.url}/rest/v1/reservations`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${staff.access_token}` },
    data: shapes.map((shape, index) => ({
      name: `${tag} ${shape.label}`,
      mobile: `09${String(index).padStart(8, '0')}`,
      email: `time${index}@example.vn`,
      date: '2030-03-14',
      guests: 2,
      branch: 'Downtown',
      time: shape.time,
      period: shape.period,
      notes: null,
    })),
  });
  expect(response.status(), await response.text()).toBe(201);

  await signedIn(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page.getByRole('heading', { level: 2, name: /^Reservations/ })).toHaveText('Reservations (4)');
  const timeOf = (label: string) =>
    page
      .getByRole('row', { name: new RegExp(`${tag} ${label}`) })
      .getByRole('cell')
      .nth(3);
  await expect(timeOf('rest')).toHaveText('7:00 PM');
  await expect(timeOf('home')).toHaveText('7:00 PM');
  await expect(timeOf('bare')).toHaveText('7:00 PM');
  await expect(timeOf('meal')).toHaveText('19:00 Dinner');

  // The booking's drawer says the same.
  await page.getByRole('button', { name: `Details: ${tag} rest` }).click();
  const drawer = page.getByRole('dialog', { name: `${tag} rest` });
  await expect(drawer.getByRole('definition').nth(3)).toHaveText('7:00 PM');
  await expect(drawer.getByText('19:00 PM')).toHaveCount(0);
});
