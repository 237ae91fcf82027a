/**
 * The floor plan (issue 23) in Chromium against the real server, on a server of its own whose
 * ADMIN_EMAIL account is an owner (only owners save a floor; an owner also hosts every branch).
 * Each test draws a branch of its own, so its tables and bookings meet no other test's.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import type { FloorInput } from '../../src/domain/floor.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type Backend, backendOf, readAsStaff, type StaffSession, signIn } from './support/backend.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const tagged = () => `F${randomUUID().slice(0, 8)}`;

async function addBranch(
  api: APIRequestContext,
  backend: Backend,
  session: StaffSession,
  name: string,
  timeZone = 'Asia/Ho_Chi_Minh',
) {
  const response = await api.post(`${backend.url}/rest/v1/branches`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
    data: { name, time_zone: timeZone },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function saveFloor(
  api: APIRequestContext,
  backend: Backend,
  session: StaffSession,
  branch: string,
  floor: FloorInput,
) {
  const response = await api.post(`${backend.url}/rest/v1/rpc/save_floor`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
    data: { p_branch: branch, p_floor: floor },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function signedIn(page: Page, backend: Backend, session: StaffSession, path: string) {
  await page.goto(`${backend.url}/admin/login`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(session),
  });
  await page.goto(`${backend.url}${path}`);
}

/** Where the editor says a table is: its label ends "at X, Y, turned R°". */
async function placeOf(table: Locator): Promise<{ x: number; y: number; rotation: number }> {
  const label = (await table.getAttribute('aria-label')) ?? '';
  const match = /at (\d+), (\d+), turned (\d+)°$/.exec(label);
  expect(match, label).not.toBeNull();
  return { x: Number(match?.[1]), y: Number(match?.[2]), rotation: Number(match?.[3]) };
}

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'serial' });
const owner = { email: 'floor.owner@saffronlotus.test', password: 'floor-editor-owner-passphrase' };
let app: TestServer;
let api: APIRequestContext;
let backend: Backend;
let session: StaffSession;

test.beforeAll(async () => {
  // A server of its own (fresh database, migrations and all) takes longer than a step on a busy machine.
  test.setTimeout(120_000);
  app = await startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_ROLE: 'owner' });
  api = await request.newContext();
  backend = await backendOf(api, app.url);
  session = await signIn(api, backend, owner);
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
});

test.describe('edit mode', () => {
  for (const size of [
    { width: 1024, height: 768, hasTouch: true },
    { width: 1440, height: 900, hasTouch: false },
  ]) {
    test(`at ${size.width}: add a table, move it by drag and by keys, push two together, save, reload: all is where it was left`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.hasTouch,
        timezoneId: 'Asia/Ho_Chi_Minh',
      });
      const page = await context.newPage();
      const branch = `Edit ${tagged()}`;
      await addBranch(api, backend, session, branch);
      await saveFloor(api, backend, session, branch, {
        areas: [{ name: 'Main room', tables: [{ name: 'T1', max_seats: 4, x: 20, y: 20, width: 80, height: 80 }] }],
      });
      await signedIn(page, backend, session, `/admin/floor/edit?${new URLSearchParams({ branch })}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit the floor' })).toBeVisible();
      const plan = page.getByRole('group', { name: 'Plan of Main room' });
      await expect(plan.getByRole('button', { name: /^Table T1, 1 to 4 seats/ })).toBeVisible();

      await page.getByRole('button', { name: 'Add a table to Main room' }).click();
      const added = plan.getByRole('button', { name: /^Table T2, 1 to 4 seats/ });
      await expect(added).toHaveAttribute('aria-pressed', 'true');
      const start = await placeOf(added);
      expect(start).toEqual({ x: 120, y: 20, rotation: 0 });

      // Dragged down and right: it lands on the grid, further down and right.
      const box = await added.boundingBox();
      if (!box) throw new Error('the new table is not drawn');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 120, { steps: 6 });
      await page.mouse.up();
      const dragged = await placeOf(added);
      expect(dragged.x).toBeGreaterThan(start.x);
      expect(dragged.y).toBeGreaterThan(start.y);
      expect(dragged.x % 10).toBe(0);

      // From the keyboard: right by a grid step, turned by 15°, wider by Shift+→.
      await added.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('r');
      await page.keyboard.press('Shift+ArrowRight');
      const left = await placeOf(added);
      expect(left).toEqual({ x: dragged.x + 10, y: dragged.y, rotation: 15 });
      await expect(page.getByLabel('Width')).toHaveValue('90');

      // Renamed and set for six, not bookable online, in the chosen table's panel.
      await page.getByLabel('Name', { exact: true }).fill('Window 6');
      await page.getByLabel('Most seats').fill('6');
      await page.getByLabel('Guests may book it online').uncheck();
      // The two tables pushed together for ten (the name last: it names the group).
      await page.getByRole('button', { name: 'Add a combination' }).click();
      const combination = page.getByRole('group', { name: 'New combination' });
      await combination.getByLabel('Most seats').fill('10');
      await combination.getByRole('checkbox', { name: 'T1', exact: true }).check();
      await combination.getByRole('checkbox', { name: 'Window 6', exact: true }).check();
      await combination.getByLabel('Name', { exact: true }).fill('Long table');
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      await page.getByRole('button', { name: 'Save floor' }).click();
      await expect(page.getByText('Floor saved: 2 tables in use.')).toBeVisible();

      await page.reload();
      const saved = page
        .getByRole('group', { name: 'Plan of Main room' })
        .getByRole('button', { name: /^Table Window 6, 1 to 6 seats/ });
      await expect(saved).toBeVisible();
      expect(await placeOf(saved)).toEqual(left);
      const rows = await readAsStaff<{ name: string; online: boolean; width: number }[]>(
        api,
        backend,
        session,
        `dining_tables?branch=eq.${encodeURIComponent(branch)}&select=name,online,width&order=name`,
      );
      expect(rows.map((row) => ({ ...row, width: Number(row.width) }))).toEqual([
        { name: 'T1', online: true, width: 80 },
        { name: 'Window 6', online: false, width: 90 },
      ]);
      const long = page.getByRole('group', { name: 'Long table' });
      await expect(long.getByLabel('Most seats')).toHaveValue('10');
      await expect(long.getByRole('checkbox', { name: 'T1', exact: true })).toBeChecked();
      await expect(long.getByRole('checkbox', { name: 'Window 6', exact: true })).toBeChecked();
      await context.close();
    });
  }

  test('a bad save (two tables with one name) shows the error and keeps the drawing; axe is clean', async ({
    page,
  }) => {
    const branch = `Bad ${tagged()}`;
    await addBranch(api, backend, session, branch);
    await saveFloor(api, backend, session, branch, {
      areas: [
        {
          name: 'Main room',
          tables: [
            { name: 'T1', max_seats: 2, x: 20, y: 20, width: 60, height: 60 },
            { name: 'T2', max_seats: 4, x: 120, y: 20, width: 80, height: 80 },
          ],
        },
      ],
    });
    await signedIn(page, backend, session, `/admin/floor/edit?${new URLSearchParams({ branch })}`);
    const plan = page.getByRole('group', { name: 'Plan of Main room' });
    await plan.getByRole('button', { name: /^Table T2,/ }).click();
    await page.keyboard.press('ArrowDown');
    await page.getByLabel('Name', { exact: true }).fill('T1');
    await page.getByRole('button', { name: 'Save floor' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The floor was not saved.');
    await expect(alert).toContainText('Two tables are named “T1”. Give each table its own name.');
    // The drawing is as it was left: both tables, the moved one still moved, and unsaved.
    await expect(plan.getByRole('button', { name: /^Table T1,/ })).toHaveCount(2);
    expect(await placeOf(plan.getByRole('button', { name: /^Table T1,/ }).nth(1))).toEqual({
      x: 120,
      y: 30,
      rotation: 0,
    });
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const rows = await readAsStaff<{ name: string; y: number }[]>(
      api,
      backend,
      session,
      `dining_tables?branch=eq.${encodeURIComponent(branch)}&select=name,y&order=name`,
    );
    expect(rows.map((row) => ({ ...row, y: Number(row.y) }))).toEqual([
      { name: 'T1', y: 20 },
      { name: 'T2', y: 20 },
    ]);
    await expectNoAxeViolations(page);

    // In Vietnamese the same refusal is said in Vietnamese.
    await page.goto(`${backend.url}/vi/admin/floor/edit?${new URLSearchParams({ branch })}`);
    const viPlan = page.getByRole('group', { name: 'Sơ đồ Main room' });
    await viPlan.getByRole('button', { name: /^Bàn T2,/ }).click();
    await page.getByLabel('Tên bàn').fill('T1');
    await page.getByRole('button', { name: 'Lưu sơ đồ' }).click();
    await expect(page.getByRole('alert')).toContainText('Có hai bàn cùng tên “T1”.');
  });
});

/**
 * The service tests' branches keep the clock of a whole-hour zone where it is now early afternoon,
 * so their bookings (the next half hours) fall on today whenever the suite runs.
 */
const serviceZone = (() => {
  const offset = ((13 - new Date().getUTCHours() + 36) % 24) - 12;
  // Etc/GMT zones count the other way round: Etc/GMT-9 is nine hours ahead of UTC.
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
})();

/** Minutes into today at the service branches. */
function serviceMinutes(at = Date.now()): number {
  const [hours = 0, minutes = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone: serviceZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return hours * 60 + minutes;
}

const serviceToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: serviceZone }).format(new Date());
const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function book(branch: string, name: string, guests: number, minutes: number) {
  const response = await api.post(`${backend.url}/rest/v1/reservations`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
    data: {
      name,
      mobile: '0912345678',
      email: 'guest@example.vn',
      date: serviceToday(),
      guests,
      branch,
      time: clockTime(minutes),
      period: 'Dinner',
      notes: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The table drawn for `name` on the floor, by the start of its label. */
const tableOn = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Tables of Main room' })
    .getByRole('button', { name: new RegExp(`^Table ${name}, `) });

test.describe('service mode', () => {
  for (const size of [
    { width: 1024, height: 768, hasTouch: true },
    { width: 1440, height: 900, hasTouch: false },
  ]) {
    test(`at ${size.width}: seat a booking, seat a walk-in, finish, undo, no-show a late guest; a second host sees each without reload`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      // Bookings are taken on the hour and half hour, never in the past: Lâm is booked for the
      // next half hour and Hà for the one after. The browsers' clock runs ahead of the server's to
      // 20 minutes past Lâm's time, so on screen Lâm is late and Hà is due within 30 minutes.
      const start = serviceMinutes();
      const late = Math.ceil((start + 1) / 30) * 30;
      const soon = late + 30;
      const ahead = (late + 20 - start) * 60_000;

      const branch = `Service ${tagged()}`;
      await addBranch(api, backend, session, branch, serviceZone);
      await saveFloor(api, backend, session, branch, {
        areas: [
          {
            name: 'Main room',
            tables: [
              { name: 'T1', min_seats: 1, max_seats: 2, x: 20, y: 20, width: 60, height: 60, shape: 'round' },
              { name: 'T2', min_seats: 3, max_seats: 4, x: 120, y: 20, width: 80, height: 80 },
              { name: 'T6', min_seats: 2, max_seats: 6, x: 240, y: 20, width: 120, height: 80, rotation: 90 },
            ],
          },
        ],
      });
      await book(branch, 'Nguyễn Thu Hà', 4, soon);
      await book(branch, 'Late Lâm', 2, late);

      const open = async () => {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          hasTouch: size.hasTouch,
          timezoneId: serviceZone,
        });
        const page = await context.newPage();
        await page.clock.setFixedTime(Date.now() + ahead);
        await signedIn(page, backend, session, `/admin/floor?${new URLSearchParams({ branch })}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Floor' })).toBeVisible();
        return { context, page };
      };
      const a = await open();
      const b = await open();
      const page = a.page;
      const press = (target: Locator) => (size.hasTouch ? target.tap() : target.click());

      // At a glance: T2 is reserved for Hà within 30 minutes, T1's guest is late, T6 is free.
      await expect(tableOn(page, 'T2')).toHaveAttribute('data-state', 'soon');
      await expect(tableOn(page, 'T2')).toHaveAccessibleName(
        /^Table T2, 4 seats, reserved at \d{1,2}:\d{2} [AP]M, Nguyễn Thu Hà, party of 4$/,
      );
      await expect(tableOn(page, 'T1')).toHaveAccessibleName(
        /^Table T1, 2 seats, late: booked .+, \d+ min late, not arrived, Late Lâm, party of 2$/,
      );
      await expect(tableOn(page, 'T6')).toHaveAccessibleName('Table T6, 6 seats, free');
      const arrivals = page.getByRole('region', { name: 'Next arrivals' });
      await expect(arrivals.getByRole('button')).toHaveCount(2);
      await expect(arrivals.getByRole('button', { name: /Late Lâm/ })).toContainText('late');

      // Seat the booking from its table.
      await press(tableOn(page, 'T2'));
      await expect(page.getByRole('heading', { level: 2, name: 'Table T2, 4 seats' })).toBeFocused();
      await page.getByRole('button', { name: 'Seat Nguyễn Thu Hà' }).click();
      await expect(tableOn(page, 'T2')).toHaveAccessibleName(
        /^Table T2, 4 seats, seated \d+ min, Nguyễn Thu Hà, party of 4$/,
      );
      await expect(tableOn(page, 'T2')).toHaveAttribute('data-state', 'seated-ok');
      // The other host's floor follows without a reload.
      await expect(tableOn(b.page, 'T2')).toHaveAttribute('data-state', 'seated-ok');
      await expect(arrivals.getByRole('button')).toHaveCount(1);

      // Undo the seat: Hà is booked again, due within 30 minutes.
      await page.getByRole('button', { name: 'Undo seat: Nguyễn Thu Hà back to booked' }).click();
      await expect(tableOn(page, 'T2')).toHaveAttribute('data-state', 'soon');
      await expect(tableOn(b.page, 'T2')).toHaveAttribute('data-state', 'soon');

      // A walk-in of five, by keyboard: Enter on the table opens its actions.
      await tableOn(page, 'T6').focus();
      await page.keyboard.press('Enter');
      await page.getByLabel('Party size').fill('5');
      await page.getByLabel('Name (optional)').fill('Chị Mai');
      await page.getByRole('button', { name: 'Seat walk-in at T6' }).click();
      await expect(tableOn(page, 'T6')).toHaveAccessibleName(
        /^Table T6, 6 seats, seated \d+ min, Chị Mai, party of 5$/,
      );
      await expect(tableOn(b.page, 'T6')).toHaveAttribute('data-state', 'seated-ok');

      // Finished: the table is free again.
      await page.getByRole('button', { name: 'Mark Chị Mai finished' }).click();
      await expect(tableOn(page, 'T6')).toHaveAccessibleName('Table T6, 6 seats, free');
      await expect(tableOn(b.page, 'T6')).toHaveAttribute('data-state', 'free');

      // The late guest, from the arrivals list: marked no-show, T1 is free and the list is shorter.
      await press(arrivals.getByRole('button', { name: /Late Lâm/ }));
      // The guest behind the booking, as the dashboard's drawer shows it (all this file's bookings share one).
      await expect(page.getByRole('region', { name: 'Guest' })).toContainText(/\d+ visits, \d+ no-shows/);
      await page.getByRole('button', { name: 'Mark Late Lâm as no-show' }).click();
      await expect(tableOn(page, 'T1')).toHaveAccessibleName('Table T1, 2 seats, free');
      await expect(tableOn(b.page, 'T1')).toHaveAttribute('data-state', 'free');
      await expect(arrivals.getByRole('button')).toHaveCount(1);

      // Hà, from the list, seated at another table than her own.
      await press(arrivals.getByRole('button', { name: /Nguyễn Thu Hà/ }));
      await page.getByLabel('Or seat at another table').selectOption({ label: 'T6 (2–6 seats)' });
      await page.getByRole('button', { name: 'Seat there', exact: true }).click();
      await expect(tableOn(page, 'T6')).toHaveAccessibleName(
        /^Table T6, 6 seats, seated \d+ min, Nguyễn Thu Hà, party of 4$/,
      );
      await expect(tableOn(page, 'T2')).toHaveAccessibleName('Table T2, 4 seats, free');
      await expect(tableOn(b.page, 'T6')).toHaveAttribute('data-state', 'seated-ok');

      await expectNoAxeViolations(page);
      await a.context.close();
      await b.context.close();
    });
  }
});

test('the door list: a party at the door gets a quoted wait, is told its table is ready, and leaves the list when seated; a second host sees it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // One table for four, booked from the next half hour: a party of four at the door waits until
  // that booking's turn (105 minutes for four) and reset (10) are over.
  const start = serviceMinutes();
  const next = Math.ceil((start + 1) / 30) * 30;
  const branch = `Door ${tagged()}`;
  await addBranch(api, backend, session, branch, serviceZone);
  await saveFloor(api, backend, session, branch, {
    areas: [
      { name: 'Main room', tables: [{ name: 'T4', min_seats: 1, max_seats: 4, x: 20, y: 20, width: 80, height: 80 }] },
    ],
  });
  const blocker = `Blocker ${tagged()}`;
  await book(branch, blocker, 4, next);

  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: serviceZone });
    const page = await context.newPage();
    await signedIn(page, backend, session, `/admin/floor?${new URLSearchParams({ branch })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Floor' })).toBeVisible();
    return { context, page };
  };
  const a = await open();
  const b = await open();
  const page = a.page;
  const door = page.getByRole('region', { name: 'Waitlist and door list' });
  const otherDoor = b.page.getByRole('region', { name: 'Waitlist and door list' });
  await expect(door.getByText('Nobody is waiting for this day.')).toBeVisible();

  const guest = `Door ${tagged()}`;
  await door.getByLabel('Guests in the party').fill('4');
  await door.getByLabel("Guest's name").fill(guest);
  await door.getByLabel('Their mobile (optional)').fill('0903 111 222');
  await door.getByLabel('Their language').selectOption('vi');
  await door.getByRole('button', { name: 'Add to the door list' }).click();
  const quote = door.getByRole('status').filter({ hasText: `Tell ${guest} about` });
  await expect(quote).toBeVisible();
  const minutes = Number(/about (\d+) minutes/.exec((await quote.textContent()) ?? '')?.[1]);
  const expected = next + 115 - start;
  expect(minutes).toBeGreaterThanOrEqual(expected - 1);
  expect(minutes).toBeLessThanOrEqual(expected + 1);
  const entry = door.getByRole('listitem').filter({ hasText: guest });
  await expect(entry).toContainText(`quoted ${minutes} min`);
  // The other host's list follows without a reload.
  await expect(otherDoor.getByRole('listitem').filter({ hasText: guest })).toContainText('at the door');

  // The booking is cancelled: the table is free, the party is told (in Vietnamese, by phone).
  const cancelled = await api.patch(
    `${backend.url}/rest/v1/reservations?${new URLSearchParams({ name: `eq.${blocker}`, branch: `eq.${branch}` })}`,
    {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
      data: { status: 'cancelled' },
    },
  );
  expect(cancelled.status(), await cancelled.text()).toBe(204);
  await entry.getByRole('button', { name: `Table ready for ${guest}` }).click();
  await expect(entry.getByLabel('Send this to 0903 111 222:')).toHaveValue(
    `Chào ${guest}, bàn cho 4 người của bạn tại Saffron Lotus ${branch} đã sẵn sàng. Mời bạn quay lại quầy lễ tân nhé!`,
  );
  await expect(entry).toContainText('Told: table ready');
  await expectNoAxeViolations(page);

  // Seated: on T4, off both hosts' lists.
  await entry.getByRole('button', { name: `Seat now: ${guest}` }).click();
  await expect(tableOn(page, 'T4')).toHaveAccessibleName(
    new RegExp(`^Table T4, 4 seats, seated \\d+ min, ${guest}, party of 4$`),
  );
  await expect(door.getByRole('listitem').filter({ hasText: guest })).toHaveCount(0);
  await expect(otherDoor.getByRole('listitem').filter({ hasText: guest })).toHaveCount(0);
  await expect(otherDoor.getByText('Nobody is waiting for this day.')).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('a table shows the guest behind its booking, reserved and seated, and a regular who walks in is recognised by their number', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const start = serviceMinutes();
  const next = Math.ceil((start + 1) / 30) * 30;
  const branch = `Guest ${tagged()}`;
  await addBranch(api, backend, session, branch, serviceZone);
  await saveFloor(api, backend, session, branch, {
    areas: [
      {
        name: 'Main room',
        tables: [
          { name: 'T2', min_seats: 1, max_seats: 4, x: 20, y: 20, width: 80, height: 80 },
          { name: 'T6', min_seats: 1, max_seats: 6, x: 140, y: 20, width: 120, height: 80 },
        ],
      },
    ],
  });
  // A guest of this test alone (their own number), with an allergy tag and a note kept by staff.
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  const name = `Phạm Minh ${tagged()}`;
  const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` };
  const booked = await api.post(`${backend.url}/rest/v1/reservations`, {
    headers,
    data: {
      name,
      mobile: `09${digits}`,
      email: 'phamminh@example.vn',
      date: serviceToday(),
      guests: 2,
      branch,
      time: clockTime(next),
      period: 'Dinner',
      notes: null,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const note = 'Likes the quiet corner; bring warm water';
  const kept = await api.patch(`${backend.url}/rest/v1/guests?mobile=eq.${encodeURIComponent(`+849${digits}`)}`, {
    headers: { ...headers, Prefer: 'return=representation' },
    data: { tags: ['allergy: peanuts', 'regular'], notes: note },
  });
  expect(kept.status(), await kept.text()).toBe(200);
  expect(await kept.json()).toHaveLength(1);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page, backend, session, `/admin/floor?${new URLSearchParams({ branch })}`);
  await expect(tableOn(page, 'T2')).toHaveAttribute('data-state', 'soon');
  const guestPanel = page.getByRole('region', { name: 'Guest' });

  // Reserved: tapping the table shows the guest as the arrivals list does.
  await tableOn(page, 'T2').click();
  await expect(guestPanel).toContainText('allergy: peanuts');
  await expect(guestPanel).toContainText(note);
  await expect(guestPanel).toContainText('regular');

  // Seated: the same table's panel still shows them.
  await page.getByRole('button', { name: `Seat ${name}` }).click();
  await expect(tableOn(page, 'T2')).toHaveAttribute('data-state', 'seated-ok');
  await tableOn(page, 'T6').click();
  await expect(guestPanel).toHaveCount(0);
  await tableOn(page, 'T2').click();
  await expect(page.getByRole('button', { name: `Mark ${name} finished` })).toBeVisible();
  await expect(guestPanel).toContainText('allergy: peanuts');
  await expect(guestPanel).toContainText(note);
  await expect(guestPanel).toContainText(/1 visit/);

  // Another day's walk-in, seated with their number in another spelling: the table shows who it is.
  await tableOn(page, 'T6').click();
  await page.getByLabel('Party size').fill('3');
  await page
    .getByLabel('Mobile (optional)', { exact: true })
    .fill(`+84 9${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`);
  await page.getByRole('button', { name: 'Seat walk-in at T6' }).click();
  await expect(tableOn(page, 'T6')).toHaveAttribute('data-state', 'seated-ok');
  await expect(page.getByRole('button', { name: 'Mark Walk-in finished' })).toBeVisible();
  await expect(guestPanel).toContainText('allergy: peanuts');
  await expect(guestPanel).toContainText(note);
  await expect(guestPanel).toContainText(/2 visits/);
  await expectNoAxeViolations(page);
});
