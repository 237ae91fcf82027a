/**
 * Storage through supabase-js's storage client, as the menu screen will call it, on both
 * databases: an owner uploads, replaces, lists and removes photos of the `menu` bucket; anyone
 * reads them at their public URL (ETag, 304, nosniff, long caching of the content-hashed sizes);
 * a host and a visitor are refused by RLS with Storage's error body; files that are not honest
 * JPEG, PNG or WebP photos of a sane size are refused with a clear message; no stored file keeps
 * the photo's EXIF (GPS included).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anonClient, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccount } from '../auth/accounts.ts';

const owner = { email: 'owner@saffron-lotus.test', password: 'saffron threads in warm milk' };
const host = { email: 'host@saffron-lotus.test', password: 'lotus ponds under monsoon skies' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

/** A listed photo: hosted's metadata fields and ours (its upright size and its stored sizes). */
const listedPhoto = z.object({
  name: z.string(),
  metadata: z
    .object({
      mimetype: z.string(),
      width: z.number(),
      height: z.number(),
      variants: z.array(z.object({ name: z.string(), width: z.number(), height: z.number(), format: z.string() })),
    })
    .loose(),
});

/** A photo as a phone takes it: stored on its side (EXIF orientation 6), with a camera and GPS in its EXIF. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 700, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 20/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '103/1 50/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function smallPng(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** An owner with a verified second factor and a live session at the given level, and its token. */
async function ownerWithFactor(server: TestServer, aal: 'aal1' | 'aal2'): Promise<string> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const email = `${userId.slice(0, 8)}@saffron.example`;
  const appMetadata = { provider: 'email', providers: ['email'], role: 'owner' };
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())`,
      [userId, email, JSON.stringify(appMetadata)],
    );
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
      [randomUUID(), userId],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), $3)`,
      [sessionId, userId, aal],
    );
  });
  const now = Math.floor(Date.now() / 1000);
  const { token } = await server.deps.tokens.sign({
    sub: userId,
    email,
    phone: '',
    app_metadata: appMetadata,
    user_metadata: {},
    role: 'authenticated',
    aal,
    amr: [...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : []), { method: 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return token;
}

describe.each(backends)('storage on %s', (backend) => {
  let server: TestServer;
  let ownerClient: SupabaseClient;
  let hostClient: SupabaseClient;

  async function signIn(email: string, password: string): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error, email).toBeNull();
    return client;
  }

  /** The JSON error body storage-js received (it keeps the status and message). */
  function refusal(error: unknown): { status: number; statusCode: string; message: string } {
    const e = error as { status: number; statusCode: string; message: string };
    return { status: e.status, statusCode: e.statusCode, message: e.message };
  }

  beforeAll(async () => {
    server = await startTestServer(backend, {
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      ADMIN_ROLE: 'owner',
    });
    await createStaffAccount(server.deps.db, { ...host, assignment: { role: 'host', branches: ['Sa Pa'] } });
    ownerClient = await signIn(owner.email, owner.password);
    hostClient = await signIn(host.email, host.password);
  });
  afterAll(async () => server?.close());

  it('stores an owner’s photo upright, without EXIF, in sizes served publicly with ETag, 304 and nosniff', async () => {
    const photo = await phonePhoto();
    // From a browser: a File, which storage-js sends as multipart form data.
    const file = new File([new Uint8Array(photo)], 'pho.jpg', { type: 'image/jpeg' });
    const { data, error } = await ownerClient.storage.from('menu').upload('dishes/pho.jpg', file);
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'dishes/pho.jpg', fullPath: 'menu/dishes/pho.jpg', id: expect.any(String) });

    const { data: listed } = await ownerClient.storage.from('menu').list('dishes');
    const { metadata } = listedPhoto.parse(listed?.find((item) => item.name === 'pho.jpg'));
    expect(metadata).toMatchObject({ mimetype: 'image/jpeg', width: 700, height: 1000 });
    const { variants } = metadata;
    // Upright 700 wide: the sizes up to it, in three formats each.
    expect(variants.map((v) => `${v.width}x${v.height}.${v.format}`).sort()).toEqual([
      '320x457.avif',
      '320x457.jpeg',
      '320x457.webp',
      '640x914.avif',
      '640x914.jpeg',
      '640x914.webp',
    ]);

    const publicUrl = anonClient(server).storage.from('menu').getPublicUrl('dishes/pho.jpg').data.publicUrl;
    const first = await fetch(publicUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const original = Buffer.from(await first.arrayBuffer());
    const again = await fetch(publicUrl, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(original.length)]);

    for (const stored of [original, ...(await Promise.all(variants.map((v) => readPublic(v.name))))]) {
      const meta = await sharp(stored).metadata();
      expect(meta.exif, 'no EXIF (and so no GPS) in any stored file').toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
    const { width, height } = await sharp(original).metadata();
    expect({ width, height }).toEqual({ width: 700, height: 1000 });

    async function readPublic(name: string): Promise<Buffer> {
      const response = await fetch(anonClient(server).storage.from('menu').getPublicUrl(name).data.publicUrl);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      return Buffer.from(await response.arrayBuffer());
    }
  });

  it('replaces a photo only when asked, under new names, and removes the old files', async () => {
    const bucket = ownerClient.storage.from('menu');
    const first = await bucket.upload('dishes/curry.png', await smallPng('#f1c40f'), { contentType: 'image/png' });
    expect(first.error).toBeNull();
    const before = await bucket.list('dishes', { search: 'curry' });
    const oldVariants = listedPhoto.parse(before.data?.[0]).metadata.variants;

    const duplicate = await bucket.upload('dishes/curry.png', await smallPng('#27ae60'), { contentType: 'image/png' });
    expect(refusal(duplicate.error)).toEqual({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });

    const replaced = await bucket.upload('dishes/curry.png', await smallPng('#27ae60'), {
      contentType: 'image/png',
      upsert: true,
    });
    expect(replaced.error).toBeNull();
    const after = await bucket.list('dishes', { search: 'curry' });
    const newVariants = listedPhoto.parse(after.data?.[0]).metadata.variants;
    expect(newVariants.map((v) => v.name)).not.toContain(oldVariants[0]?.name);
    const stale = await fetch(bucket.getPublicUrl(oldVariants[0]?.name ?? '').data.publicUrl);
    expect(stale.status).toBe(404);
    const downloaded = await bucket.download('dishes/curry.png');
    expect(downloaded.error).toBeNull();
    const { dominant } = await sharp(Buffer.from(await (downloaded.data as Blob).arrayBuffer())).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);

    // PUT (update) replaces too.
    const updated = await bucket.update('dishes/curry.png', await smallPng('#2980b9'), { contentType: 'image/png' });
    expect(updated.error).toBeNull();

    const removed = await bucket.remove(['dishes/curry.png']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name)).toEqual(['dishes/curry.png']);
    expect((await fetch(bucket.getPublicUrl('dishes/curry.png').data.publicUrl)).status).toBe(404);
    const folder = join(server.dataDir, 'storage', 'menu', 'dishes');
    expect(readdirSync(folder).filter((name) => name.startsWith('curry'))).toEqual([]);
  });

  it('lists folders and files and answers the bucket', async () => {
    const bucket = ownerClient.storage.from('menu');
    expect(
      (
        await bucket.upload(
          'specials/tea.webp',
          await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } })
            .webp()
            .toBuffer(),
          { contentType: 'image/webp' },
        )
      ).error,
    ).toBeNull();
    const root = await anonClient(server).storage.from('menu').list();
    expect(root.error).toBeNull();
    expect(root.data?.map((entry) => [entry.name, entry.id === null])).toEqual(
      expect.arrayContaining([
        ['dishes', true],
        ['specials', true],
      ]),
    );
    const oversized = await anonClient(server)
      .storage.from('menu')
      .list('', { search: 'x'.repeat(70_000) });
    expect(refusal(oversized.error)).toMatchObject({ status: 413, message: 'The request body is too large' });
    const inside = await anonClient(server).storage.from('menu').list('specials');
    expect(inside.data?.map((entry) => entry.name)).toEqual(['tea.webp']);

    const { data, error } = await anonClient(server).storage.getBucket('menu');
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 'menu', name: 'menu', public: true, file_size_limit: 10485760 });
    const missing = await anonClient(server).storage.getBucket('nothing');
    expect(refusal(missing.error)).toMatchObject({ status: 404, message: 'Bucket not found' });
  });

  it('refuses a host’s and a visitor’s upload and removal with Storage’s error body', async () => {
    const photo = await smallPng('#8e44ad');
    for (const client of [hostClient, anonClient(server)]) {
      const { data, error } = await client.storage.from('menu').upload('dishes/intruder.png', photo, {
        contentType: 'image/png',
      });
      expect(data).toBeNull();
      expect(refusal(error)).toEqual({
        status: 403,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
    }
    const raw = await fetch(`${server.url}/storage/v1/object/menu/dishes/intruder.png`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'image/png' },
      body: new Uint8Array(photo),
    });
    expect(await raw.json()).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    // Nothing half-stored: no row, no file.
    const folder = join(server.dataDir, 'storage', 'menu', 'dishes');
    expect(existsSync(folder) ? readdirSync(folder).filter((n) => n.startsWith('intruder')) : []).toEqual([]);
    // An owner who enrolled a second factor but signed in with the password only: refused too.
    const passwordOnly = tokenClient(server, await ownerWithFactor(server, 'aal1'));
    const stolen = await passwordOnly.storage
      .from('menu')
      .upload('dishes/intruder.png', photo, { contentType: 'image/png' });
    expect(refusal(stolen.error)).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
    const verified = tokenClient(server, await ownerWithFactor(server, 'aal2'));
    const allowed = await verified.storage
      .from('menu')
      .upload('dishes/verified.png', photo, { contentType: 'image/png' });
    expect(allowed.error).toBeNull();
    // A host's removal removes nothing (RLS hides the row from the delete).
    const removal = await hostClient.storage.from('menu').remove(['dishes/verified.png']);
    expect(removal.data).toEqual([]);
    expect(
      (await fetch(anonClient(server).storage.from('menu').getPublicUrl('dishes/verified.png').data.publicUrl)).status,
    ).toBe(200);
  });

  it('refuses what is not an honest JPEG, PNG or WebP photo of a sane size, saying why', async () => {
    const bucket = ownerClient.storage.from('menu');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    // 60 megapixels of one colour: a tiny file that would need 180 MB decoded.
    const huge = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases: [string, Buffer, string, { status: number; message: RegExp }][] = [
      ['x/logo.svg', svg, 'image/svg+xml', { status: 415, message: /^SVG images are not accepted/ }],
      ['x/lying.png', jpeg, 'image/png', { status: 415, message: /is a JPEG photo but was sent as image\/png/ }],
      ['x/huge.png', huge, 'image/png', { status: 400, message: /8000×7500 pixels \(60 megapixels\); the most is 40/ }],
      [
        'x/big.jpg',
        Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]),
        'image/jpeg',
        { status: 413, message: /larger than 10 MB/ },
      ],
    ];
    for (const [name, body, contentType, expected] of cases) {
      const { error } = await bucket.upload(name, body, { contentType });
      const got = refusal(error);
      expect(got.status, name).toBe(expected.status);
      expect(got.statusCode, name).toBe(String(expected.status));
      expect(got.message, name).toMatch(expected.message);
    }
    const renamed = await bucket.upload('x/renamed.png', jpeg, { contentType: 'application/octet-stream' });
    expect(refusal(renamed.error).message).toMatch(/is a JPEG photo but its name ends in \.png; rename it/);
    // A name reaching out of the bucket (its dots percent-encoded, so no URL parser resolves them first).
    const { data: session } = await ownerClient.auth.getSession();
    const traversal = await fetch(`${server.url}/storage/v1/object/menu/x/%2e%2e%2f%2e%2e%2foutside.jpg`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${session.session?.access_token}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array(jpeg),
    });
    expect(traversal.status).toBe(400);
    expect(await traversal.json()).toEqual({
      statusCode: '400',
      error: 'InvalidKey',
      message: 'Invalid key: empty, "." or ".." folder',
    });
    expect(existsSync(join(server.dataDir, 'storage', 'outside.jpg'))).toBe(false);
    expect((await bucket.list('x')).data).toEqual([]);
  });
});
