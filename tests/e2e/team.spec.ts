/**
 * The team screen (/admin/team) in Chromium, on a server of its own whose ADMIN_EMAIL account is
 * an owner: the owner adds a host for Sa Pa through the screen and reads the temporary password
 * once; the host signs in with it and sees only Sa Pa — in the rows, in the branch filter, and
 * without the owner's screens. The owner then adds Da Nang (the host is signed out, and sees both
 * after signing in again) and removes the host, whose open dashboard returns to sign-in.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { guestBooking } from '../support/builders.ts';
import { type Backend, backendOf, bookAsGuest } from './support/backend.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const owner = { email: 'owner@saffronlotus.test', password: 'team-screen-owner-passphrase' };
const hostEmail = 'sapa.host@saffronlotus.test';

let app: TestServer;
let api: APIRequestContext;
let backend: Backend;

test.beforeAll(async () => {
  // A server of its own (fresh database, migrations and all) takes longer than a step on a busy machine.
  test.setTimeout(120_000);
  app = await startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_ROLE: 'owner' });
  api = await request.newContext();
  backend = await backendOf(api, app.url);
  await bookAsGuest(api, backend, guestBooking({ name: 'Thảo at Sa Pa', branch: 'Sa Pa' }));
  await bookAsGuest(api, backend, guestBooking({ name: 'Minh at Hanoi', branch: 'Hanoi (main branch)' }));
  await bookAsGuest(api, backend, guestBooking({ name: 'Lan at Da Nang', branch: 'Da Nang' }));
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
});

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${app.url}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const rowNames = (page: Page) => page.getByRole('rowheader');

test('the owner adds a Sa Pa host, who signs in and sees only Sa Pa', async ({ browser }) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const ownerPage = await ownerContext.newPage();
  await signInThroughForm(ownerPage, owner.email, owner.password);
  await expect(rowNames(ownerPage)).toHaveCount(3);

  await ownerPage.getByRole('navigation', { name: 'Staff screens' }).getByRole('link', { name: 'Team' }).click();
  await expect(ownerPage).toHaveURL(/\/admin\/team$/);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const team = ownerPage.getByRole('table');
  await expect(team.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Owner');

  // A host needs a branch: the form says so before anything is sent.
  const add = ownerPage.getByRole('region', { name: 'Add an account' });
  await add.getByLabel('Email').fill(hostEmail);
  await expect(add.getByLabel('Role')).toHaveValue('host');
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add.getByText('Tick at least one branch for a host')).toBeVisible();
  await add.getByRole('group', { name: 'Branches' }).getByRole('checkbox', { name: 'Sa Pa' }).check();
  await add.getByRole('button', { name: 'Add account' }).click();

  const dialog = ownerPage.getByRole('dialog', { name: `Temporary password for ${hostEmail}` });
  await expect(dialog).toBeVisible();
  const temporaryPassword = (await dialog.getByLabel('Temporary password').textContent())?.trim() ?? '';
  expect(temporaryPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);
  expect((await new AxeBuilder({ page: ownerPage }).analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const hostRow = team.getByRole('row', { name: new RegExp(hostEmail) });
  await expect(hostRow.getByRole('cell')).toHaveText(['Host', 'Sa Pa', '– Off', 'Never', /Change role/]);
  // Shown once: nothing on the page holds the password any more.
  await expect(ownerPage.getByText(temporaryPassword)).toHaveCount(0);
  expect((await new AxeBuilder({ page: ownerPage }).analyze()).violations).toEqual([]);

  // The host, in a browser of their own.
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  await signInThroughForm(hostPage, hostEmail, temporaryPassword);
  await expect(rowNames(hostPage)).toHaveText(['Thảo at Sa Pa']);
  await expect(hostPage.getByLabel('Branch').locator('option')).toHaveText(['All branches', 'Sa Pa']);
  const nav = hostPage.getByRole('navigation', { name: 'Staff screens' });
  await expect(nav.getByRole('link')).toHaveText([
    'Reservations',
    'Timeline',
    'Floor',
    'Guests',
    'Menu',
    'Your account',
  ]);
  await hostPage.goto(`${app.url}/admin/team`);
  await expect(hostPage.getByText('Only an owner can manage the team.')).toBeVisible();

  // The owner sees the host's sign-in, and gives the host Da Nang too: the host is signed out at once.
  await ownerPage.reload();
  await expect(hostRow.getByRole('cell').nth(3)).not.toHaveText('Never');
  await hostRow.getByRole('button', { name: `Change role of ${hostEmail}` }).click();
  const change = ownerPage.getByRole('dialog', { name: `Change role of ${hostEmail}` });
  await expect(change.getByRole('checkbox', { name: 'Sa Pa' })).toBeChecked();
  await change.getByRole('checkbox', { name: 'Da Nang' }).check();
  await change.getByRole('button', { name: 'Save role' }).click();
  await expect(change).toBeHidden();
  await expect(hostRow.getByRole('cell').nth(1)).toHaveText('Sa Pa, Da Nang');
  await hostPage.goto(`${app.url}/admin/dashboard`);
  await expect(hostPage).toHaveURL(/\/admin\/login$/);
  await signInThroughForm(hostPage, hostEmail, temporaryPassword);
  await expect(rowNames(hostPage)).toHaveText(['Lan at Da Nang', 'Thảo at Sa Pa']);

  // Removed: the account is gone, and its open dashboard returns to sign-in.
  await hostRow.getByRole('button', { name: `Remove ${hostEmail}` }).click();
  const confirm = ownerPage.getByRole('alertdialog', { name: `Remove ${hostEmail}?` });
  await confirm.getByRole('button', { name: 'Remove account' }).click();
  await expect(hostRow).toHaveCount(0);
  await hostPage.reload();
  await expect(hostPage).toHaveURL(/\/admin\/login$/);

  await ownerContext.close();
  await hostContext.close();
});
