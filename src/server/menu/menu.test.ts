/**
 * The menu in the database, end to end through supabase-js on both databases: an owner's price
 * and Vietnamese name reach /data/menu.json and the server-rendered /menu, /vi/menu and home
 * within 5 s; a host's price change is refused by RLS; every change is in the history; a dish
 * sold out at Sa Pa shows on Sa Pa's page and on the menu with Sa Pa chosen, nowhere else, until
 * the branch's next opening.
 *
 * The pages are rendered by the app's own server entry (src/web/site/entry-server.tsx, loaded
 * through a stand-in for the build's dist/ssr) into minimal page shells: what is under test is
 * that the server renders them again from the database, not the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { formatDong } from '../../domain/format-dong.ts';
import { menuSchema, menuTranslationSchema } from '../../domain/menu-schema.ts';
import { parseMenuToday } from '../../domain/menu-today.ts';
import { createStaffAccount } from '../auth/accounts.ts';

const owner = { email: 'owner@saffron-lotus.test', password: 'saffron threads in warm milk' };
const host = { email: 'host@saffron-lotus.test', password: 'lotus ponds under monsoon skies' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

/** A web root whose pages are empty shells, and a server bundle that is the app's own source. */
function standInBuild(): { webRoot: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'saffron-menu-web-'));
  const webRoot = join(dir, 'web');
  const pages: Record<string, string> = {
    'index.html': '/',
    'vi/index.html': '/vi',
    'menu/index.html': '/menu',
    'vi/menu/index.html': '/vi/menu',
    'branches/sa-pa/index.html': '/branches/sa-pa',
    'vi/branches/sa-pa/index.html': '/vi/branches/sa-pa',
    'branches/da-nang/index.html': '/branches/da-nang',
  };
  for (const [file, route] of Object.entries(pages)) {
    mkdirSync(dirname(join(webRoot, file)), { recursive: true });
    writeFileSync(
      join(webRoot, file),
      `<!doctype html><html><head><title>t</title></head><body><div id="root" data-prerendered="${route}"></div></body></html>`,
    );
  }
  mkdirSync(join(dir, 'ssr'));
  const source = join(import.meta.dirname, '..', '..', 'web', 'site', 'entry-server.tsx');
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), `export { renderPage } from ${JSON.stringify(source)};\n`);
  return { webRoot, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Polls until `check` passes (at most 5 s, the promise), then returns how long it took. */
async function within5s(check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > 5000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.each(backends)('the menu on %s', (backend) => {
  let server: TestServer;
  let build: ReturnType<typeof standInBuild>;
  let ownerClient: SupabaseClient;
  let hostClient: SupabaseClient;

  async function signIn(email: string, password: string): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error, email).toBeNull();
    return client;
  }

  async function html(path: string): Promise<string> {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  }

  async function json(path: string): Promise<unknown> {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.json();
  }

  async function dishId(slug: string): Promise<number> {
    const { rows } = await server.deps.db.query<{ id: string }>(
      'select id::text from public.menu_items where slug = $1',
      [slug],
    );
    return Number(rows[0]?.id);
  }

  beforeAll(async () => {
    build = standInBuild();
    server = await startTestServer(
      backend,
      { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_ROLE: 'owner' },
      build.webRoot,
    );
    await createStaffAccount(server.deps.db, { ...host, assignment: { role: 'host', branches: ['Sa Pa'] } });
    ownerClient = await signIn(owner.email, owner.password);
    hostClient = await signIn(host.email, host.password);
  });
  afterAll(async () => {
    await server?.close();
    build?.remove();
  });

  it('serves the seeded menu and specials exactly as the files did, in call 7’s shape', async () => {
    const menu = menuSchema.parse(await json('/data/menu.json'));
    expect(Object.keys(menu)).toEqual([
      'Starters',
      'Tandoor',
      'Curries',
      'Vegetarian',
      'Biryani & Rice',
      'Breads',
      'Desserts',
      'Drinks',
      'Beer & Wine',
      'Cocktails',
    ]);
    expect(Object.values(menu).flat()).toHaveLength(52);
    expect(menu.Starters?.[0]).toMatchObject({
      name: 'Vegetable Samosa',
      price: 75000,
      image: '/images/menu/vegetable-samosa.svg',
      type: 'veg',
    });
    const vi = menuTranslationSchema.parse(await json('/data/menu.vi.json'));
    expect(vi.categories.Starters).toBe('Khai vị');
    const today = parseMenuToday(await json('/data/today.json'));
    expect(today?.specials.map((dish) => [dish.name.en, dish.price, dish.image])).toEqual([
      ['Tandoori Chicken', 350000, '/images/specials/tandoori-chicken.svg'],
      ['Chicken Tikka Masala', 180000, '/images/specials/chicken-tikka-masala.svg'],
      ['Palak Paneer', 175000, '/images/specials/palak-paneer.svg'],
    ]);
    const home = await html('/');
    expect(home).toContain('Palak Paneer');
    expect(home).toContain(formatDong(175000, 'en'));
  });

  it('shows an owner’s price and Vietnamese name within 5 s; a host’s price change is refused', async () => {
    const id = await dishId('palak-paneer');
    const refused = await hostClient.from('menu_items').update({ price: 1000 }).eq('id', id).select();
    // RLS: the host's update matches no row it may change.
    expect(refused.data).toEqual([]);
    const { data, error } = await ownerClient
      .from('menu_items')
      .update({ price: 189000, name_vi: 'Phô mai rau chân vịt' })
      .eq('id', id)
      .select('price, name_vi');
    expect(error).toBeNull();
    expect(data).toEqual([{ price: 189000, name_vi: 'Phô mai rau chân vịt' }]);

    const took = await within5s(async () => {
      const menu = menuSchema.parse(await json('/data/menu.json'));
      expect(menu.Vegetarian?.find((dish) => dish.name === 'Palak Paneer')?.price).toBe(189000);
      const vi = menuTranslationSchema.parse(await json('/data/menu.vi.json'));
      expect(vi.names?.['Palak Paneer']).toBe('Phô mai rau chân vịt');
      expect(await html('/menu')).toContain(formatDong(189000, 'en'));
      const viPage = await html('/vi/menu');
      expect(viPage).toContain('Phô mai rau chân vịt');
      expect(viPage).toContain(formatDong(189000, 'vi'));
      // Palak Paneer is a special: the home page's card follows too.
      expect(await html('/')).toContain(formatDong(189000, 'en'));
    });
    expect(took).toBeLessThanOrEqual(5000);
    expect(await html('/menu')).not.toMatch(/Palak Paneer<\/h3><p[^>]*>₫175,000/);

    // The history: who, when, old and new; readable by owners only.
    const history = await ownerClient
      .from('menu_history')
      .select('actor, actor_email, action, changes, changed_at')
      .eq('table_name', 'menu_items')
      .eq('row_key->>id', String(id))
      .eq('action', 'updated');
    expect(history.error).toBeNull();
    expect(history.data).toEqual([
      {
        actor: 'user',
        actor_email: owner.email,
        action: 'updated',
        changes: {
          price: { old: 175000, new: 189000 },
          name_vi: { old: 'Palak Paneer', new: 'Phô mai rau chân vịt' },
        },
        changed_at: expect.any(String),
      },
    ]);
    const hostHistory = await hostClient.from('menu_history').select('id').eq('table_name', 'menu_items');
    expect(hostHistory.data).toEqual([]);
  });

  it('keeps drafts from guests and from the public menu', async () => {
    const { data: category } = await ownerClient.from('menu_categories').select('id').eq('slug', 'desserts').single();
    const { data: draft, error } = await ownerClient
      .from('menu_items')
      .insert({
        category_id: category?.id,
        name_en: 'Saffron Kulfi Trial',
        name_vi: 'Kulfi nghệ tây thử',
        description_en: 'Still in the kitchen.',
        description_vi: 'Vẫn đang thử trong bếp.',
        price: 90000,
        type: 'veg',
        tags: ['dairy', 'nuts'],
        spice: 0,
      })
      .select('id, published')
      .single();
    expect(error).toBeNull();
    expect(draft?.published).toBe(false);
    const seen = await anonClient(server).from('menu_items').select('id').eq('id', draft?.id);
    expect(seen.data).toEqual([]);
    expect(JSON.stringify(await json('/data/menu.json'))).not.toContain('Saffron Kulfi Trial');
    // An unknown dietary tag is refused by the database.
    const badTag = await ownerClient
      .from('menu_items')
      .update({ tags: ['lactose'] })
      .eq('id', draft?.id);
    expect(badTag.error?.code).toBe('23514');
  });

  it('shows a dish sold out at Sa Pa on Sa Pa’s page and menu only, until the next opening', async () => {
    const id = await dishId('butter-chicken');
    const elsewhere = await hostClient.rpc('set_menu_sold_out', {
      p_item_ids: [id],
      p_branch: 'Da Nang',
      p_sold_out: true,
    });
    expect(elsewhere.error?.code).toBe('MN003');
    const hide = await hostClient.from('menu_item_branches').insert({ item_id: id, branch: 'Sa Pa', hidden: true });
    expect(hide.error?.code).toBe('MN001');

    const { data, error } = await hostClient.rpc('set_menu_sold_out', {
      p_item_ids: [id],
      p_branch: 'Sa Pa',
      p_sold_out: true,
    });
    expect(error).toBeNull();
    const { rows } = await server.deps.db.query<{ next: string; until: string }>(
      `select public.branch_next_opening('Sa Pa')::text as next, sold_out_until::text as until
         from public.menu_item_branches where item_id = $1 and branch = 'Sa Pa'`,
      [id],
    );
    expect(data).toHaveLength(1);
    // Until the branch opens again: 10:30 tomorrow at Sa Pa (its seeded hours).
    expect(rows[0]?.until).toBe(rows[0]?.next);
    expect(rows[0]?.until).toMatch(/ 03:30:00\+00$/);

    const soldOutBadge = /Butter Chicken<\/h3>(?:(?!<\/li>).)*Sold out today/s;
    await within5s(async () => {
      const page = await html('/branches/sa-pa');
      expect(page).toContain('Sold out today');
      expect(page).toContain('Butter Chicken');
      expect(await html('/vi/branches/sa-pa')).toContain('Hôm nay đã hết');
      expect(await html('/menu?branch=sa-pa')).toMatch(soldOutBadge);
    });
    expect(await html('/branches/da-nang')).not.toContain('Sold out today');
    expect(await html('/menu')).not.toContain('Sold out today');
    expect(await html('/menu?branch=da-nang')).not.toContain('Sold out today');

    // The next opening comes: the mark lifts by itself.
    await server.deps.db.query(
      `update public.menu_item_branches set sold_out_until = now() - interval '1 minute' where item_id = $1`,
      [id],
    );
    await within5s(async () => {
      expect(await html('/branches/sa-pa')).not.toContain('Sold out today');
      expect(await html('/menu?branch=sa-pa')).not.toContain('Sold out today');
    });
    // The host's own change is in the history too.
    const history = await ownerClient
      .from('menu_history')
      .select('actor_email')
      .eq('table_name', 'menu_item_branches')
      .eq('row_key->>item_id', String(id));
    expect(history.data?.map((row) => row.actor_email)).toContain(host.email);
  });
});
