/**
 * Supabase Storage's API at /storage/v1, as @supabase/storage-js calls it, for photos:
 *
 *   POST|PUT /object/<bucket>/<name>      upload (multipart from a File/Blob, or a raw body);
 *                                         x-upsert: true or PUT replaces → {Id, Key}
 *   GET      /object/public/<bucket>/<name>   public read (no key): ETag, 304, long caching
 *   GET      /object[/authenticated]/<bucket>/<name>   download as the caller
 *   DELETE   /object/<bucket> {prefixes}   remove → the removed objects
 *   POST     /object/list/<bucket> {prefix, limit, offset, sortBy, search}   list → files and folders
 *   GET      /bucket/<id>                  the bucket
 *
 * As on hosted Supabase, rows in storage.objects say what exists and every read and write of
 * them runs as the caller (role and JWT claims, like /rest/v1), so RLS policies decide who may
 * upload, replace, remove and list. The bytes are files under STORAGE_DIR (paths.ts), and only
 * photos are accepted, re-encoded into sizes (photos.ts). A new upload's files are written before
 * its row is committed and the replaced files removed after, so a reader never finds a row
 * without its files.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { type Queryable, sqlState } from '../db/database.ts';
import { authenticate, type RequestIdentity } from '../rest/request-auth.ts';
import { RestError } from '../rest/rest-error.ts';
import { bucketNotFound, notFound, StorageFailure, storageErrorResponse } from './errors.ts';
import { checkBucketId, checkObjectName, ObjectFiles, splitObjectPath } from './paths.ts';
import { processPhoto } from './photo-process.ts';
import {
  checkPhotoType,
  maxPhotoBytes,
  mimeTypeOf,
  type ProcessedPhoto,
  type StoredVariant,
  storedFilePattern,
} from './photos.ts';

/** Multipart framing and form fields around a photo of the largest allowed size. */
const maxUploadBodyBytes = maxPhotoBytes + 256 * 1024;
const immutable = 'public, max-age=31536000, immutable';

const tooLarge = () =>
  new StorageFailure(413, 'Payload too large', 'The photo is larger than 10 MB; the most is 10 MB');

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

/** What storage.objects.metadata holds for a photo (hosted's fields, and ours: file, sizes). */
const objectMetadataSchema = z.object({
  eTag: z.string(),
  size: z.number(),
  mimetype: z.string(),
  cacheControl: z.string(),
  file: z.string(),
  variants: z.array(z.object({ name: z.string() }).loose()).default([]),
});
type ObjectMetadata = z.infer<typeof objectMetadataSchema>;

const listBodySchema = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  search: z.string().max(256).optional(),
  sortBy: z
    .object({
      column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

const removeBodySchema = z.object({
  prefixes: z
    .array(
      z.union([
        z.string(),
        z
          .object({ path: z.string() })
          .loose()
          .transform((entry) => entry.path),
      ]),
    )
    .min(1)
    .max(1000),
});

const userMetadataSchema = z.record(z.string(), z.unknown());

class Rollback extends Error {}

function cacheSeconds(cacheControl: string | undefined): number {
  const seconds = Number(/max-age=(\d{1,9})/.exec(cacheControl ?? '')?.[1] ?? 3600);
  return Number.isFinite(seconds) ? seconds : 3600;
}

/** The path after `/object/` (still percent-encoded), whatever this app is mounted under. */
function objectPath(c: Context, after: string): string {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(after);
  return at < 0 ? '' : pathname.slice(at + after.length);
}

function databaseFailure(error: unknown): StorageFailure | undefined {
  const code = sqlState(error);
  if (code === '42501') return new StorageFailure(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') return new StorageFailure(409, 'Duplicate', 'The resource already exists');
  if (code === '23503') return bucketNotFound();
  return undefined;
}

/** Where hosted Supabase serves Storage. */
export const storagePath = '/storage/v1';

export function storageRoutes(deps: AppDeps): Hono {
  const { db, config, keys, tokens, sessions } = deps;
  const files = new ObjectFiles(config.storageDir);
  const app = new Hono();

  app.use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'apikey',
        'authorization',
        'x-client-info',
        'content-type',
        'cache-control',
        'x-upsert',
        'x-metadata',
        'if-none-match',
      ],
      exposeHeaders: ['ETag', 'Content-Length'],
      maxAge: 86400,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof StorageFailure) return storageErrorResponse(c, error);
    const failure = databaseFailure(error);
    if (failure) return storageErrorResponse(c, failure);
    throw error;
  });

  async function identify(c: Context): Promise<RequestIdentity> {
    try {
      return await authenticate(
        { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
        keys.anonKey,
        tokens,
        sessions,
      );
    } catch (error) {
      if (error instanceof RestError && error.status < 500) {
        throw new StorageFailure(error.status === 401 ? 401 : 400, 'Unauthorized', error.message);
      }
      throw error;
    }
  }

  /** Runs fn in one transaction as the caller: their role and claims, so RLS decides. */
  function asCaller<T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('statement_timeout', $3, true)`,
        [identity.role, JSON.stringify(identity.claims), `${config.databaseTimeoutMs}ms`],
      );
      return fn(tx);
    });
  }

  /** The bucket, read by the server itself (as hosted Storage does before checking the object). */
  async function findBucket(id: string): Promise<BucketRow> {
    const { rows } = await db.query<BucketRow>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [checkBucketId(id)],
    );
    const bucket = rows[0];
    if (!bucket) throw bucketNotFound();
    return bucket;
  }

  /** Inserts (or, with upsert, replaces) the object's row as the caller; false: it exists already. */
  async function writeRow(
    tx: Queryable,
    identity: RequestIdentity,
    object: { bucket: string; name: string; metadata: unknown; version: string; userMetadata: unknown },
    upsert: boolean,
  ): Promise<string | undefined> {
    const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : null;
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
       values ($1, $2, $3::uuid, $3, $4::jsonb, $5, $6::jsonb)
       on conflict (bucket_id, name) do ${
         upsert
           ? `update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                version = excluded.version, user_metadata = excluded.user_metadata,
                updated_at = now(), last_accessed_at = now()`
           : 'nothing'
       }
       returning id`,
      [
        object.bucket,
        object.name,
        sub,
        JSON.stringify(object.metadata),
        object.version,
        object.userMetadata === undefined ? null : JSON.stringify(object.userMetadata),
      ],
    );
    return rows[0]?.id;
  }

  async function readUpload(c: Context): Promise<{
    bytes: Uint8Array;
    contentType: string | undefined;
    cacheControl: string | undefined;
    userMetadata: unknown;
  }> {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > maxUploadBodyBytes) throw tooLarge();
    const type = c.req.header('content-type') ?? '';
    const parseUserMetadata = (text: string | undefined) => {
      if (!text) return undefined;
      try {
        return userMetadataSchema.parse(JSON.parse(text));
      } catch {
        throw new StorageFailure(400, 'invalid_metadata', 'The metadata must be a JSON object');
      }
    };
    if (type.toLowerCase().startsWith('multipart/form-data')) {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        throw new StorageFailure(400, 'invalid_request', 'The form could not be read');
      }
      const file = [...form.values()].find((value): value is File => typeof value !== 'string');
      if (!file) throw new StorageFailure(400, 'invalid_request', 'The form has no file');
      if (file.size > maxPhotoBytes) throw tooLarge();
      const cacheControl = form.get('cacheControl');
      const metadata = form.get('metadata');
      return {
        bytes: new Uint8Array(await file.arrayBuffer()),
        contentType: file.type || undefined,
        cacheControl:
          typeof cacheControl === 'string' ? `max-age=${cacheSeconds(`max-age=${cacheControl}`)}` : undefined,
        userMetadata: parseUserMetadata(typeof metadata === 'string' ? metadata : undefined),
      };
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const encoded = c.req.header('x-metadata');
    return {
      bytes,
      contentType: type || undefined,
      cacheControl: c.req.header('cache-control'),
      userMetadata: parseUserMetadata(encoded ? Buffer.from(encoded, 'base64').toString('utf8') : undefined),
    };
  }

  const storedNames = (
    metadata: (Pick<ObjectMetadata, 'file'> & { variants: { name: string }[] }) | undefined,
  ): string[] => (metadata ? [metadata.file, ...metadata.variants.map((variant) => variant.name)] : []);

  async function upload(c: Context, upsert: boolean): Promise<Response> {
    const identity = await identify(c);
    const { bucket: bucketId, name } = splitObjectPath(objectPath(c, '/object/'));
    if (storedFilePattern.test(name)) {
      throw new StorageFailure(
        400,
        'InvalidKey',
        'Invalid key: names ending in .<16 hex digits>.<type> are reserved for photo sizes',
      );
    }
    const bucket = await findBucket(bucketId);
    const upload = await readUpload(c);
    const limit = Math.min(maxPhotoBytes, Number(bucket.file_size_limit ?? maxPhotoBytes));
    if (upload.bytes.length > limit) throw tooLarge();
    if (upload.bytes.length === 0) throw new StorageFailure(400, 'invalid_request', 'The file is empty');
    const format = checkPhotoType(upload.bytes, upload.contentType, name);
    const mimetype = mimeTypeOf(format);
    if (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.includes(mimetype)) {
      throw new StorageFailure(415, 'invalid_mime_type', `mime type ${mimetype} is not supported`);
    }
    const object = { bucket: bucketId, name, version: '', userMetadata: upload.userMetadata };

    // May the caller write here at all? Asked before the photo costs any work; rolled back.
    try {
      await asCaller(identity, async (tx) => {
        const id = await writeRow(tx, identity, { ...object, metadata: {} }, upsert);
        if (!id) throw new StorageFailure(409, 'Duplicate', 'The resource already exists');
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }

    const photo: ProcessedPhoto = await processPhoto(upload.bytes, name, format);
    const written: string[] = [];
    const variants: StoredVariant[] = photo.variants.map(({ bytes: _bytes, ...variant }) => variant);
    const metadata = {
      eTag: `"${photo.hash}"`,
      size: photo.original.bytes.length,
      mimetype,
      cacheControl: `max-age=${cacheSeconds(upload.cacheControl)}`,
      lastModified: new Date().toISOString(),
      contentLength: photo.original.bytes.length,
      httpStatusCode: 200,
      width: photo.width,
      height: photo.height,
      file: photo.original.name,
      variants,
    };
    let replaced: ObjectMetadata | undefined;
    let id: string | undefined;
    try {
      for (const file of [photo.original, ...photo.variants]) {
        // A file that exists already is the same photo's (the names are content-hashed): kept.
        if (existsSync(files.path(bucketId, file.name))) continue;
        await files.write(bucketId, file.name, file.bytes);
        written.push(file.name);
      }
      id = await asCaller(identity, async (tx) => {
        const { rows } = await tx.query<{ metadata: unknown }>(
          'select metadata from storage.objects where bucket_id = $1 and name = $2 for update',
          [bucketId, name],
        );
        const old = objectMetadataSchema.safeParse(rows[0]?.metadata);
        replaced = old.success ? old.data : undefined;
        const rowId = await writeRow(tx, identity, { ...object, metadata, version: photo.hash }, upsert);
        if (!rowId) throw new StorageFailure(409, 'Duplicate', 'The resource already exists');
        return rowId;
      });
    } catch (error) {
      await Promise.all(written.map((file) => files.remove(bucketId, file)));
      throw error;
    }
    const kept = new Set(storedNames(metadata));
    await Promise.all(
      storedNames(replaced)
        .filter((file) => !kept.has(file))
        .map((file) => files.remove(bucketId, file)),
    );
    return c.json({ Id: id, Key: `${bucketId}/${name}` }, 200, { 'Cache-Control': 'no-store' });
  }

  async function serveFile(
    c: Context,
    bucket: string,
    file: string,
    headers: { eTag: string; mimetype: string; cacheControl: string },
  ): Promise<Response> {
    const common = {
      ETag: headers.eTag,
      'Cache-Control': headers.cacheControl,
      'X-Content-Type-Options': 'nosniff',
    };
    const match = c.req.header('if-none-match');
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.eTag)) {
      return c.body(null, 304, common);
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(files.path(bucket, file));
    } catch {
      throw notFound();
    }
    return c.body(new Uint8Array(bytes), 200, {
      ...common,
      'Content-Type': headers.mimetype,
      'Content-Length': String(bytes.length),
    });
  }

  const fileMimetype = (file: string) =>
    mimeTypeOf(
      ({ avif: 'avif', webp: 'webp', jpg: 'jpeg', png: 'png' } as const)[file.split('.').pop() as 'jpg'] ?? 'jpeg',
    );

  app.get('/object/public/*', async (c) => {
    const { bucket: bucketId, name } = splitObjectPath(objectPath(c, '/object/public/'));
    const bucket = await findBucket(bucketId).catch(() => undefined);
    // A private bucket's objects do not exist for a public URL.
    if (!bucket?.public) throw notFound();
    if (storedFilePattern.test(name)) {
      // A photo's stored file: its name changes with its content, so it may be kept forever.
      await stat(files.path(bucketId, name)).catch(() => {
        throw notFound();
      });
      const tag = `"${name.split('/').pop()}"`;
      return serveFile(c, bucketId, name, { eTag: tag, mimetype: fileMimetype(name), cacheControl: immutable });
    }
    const { rows } = await db.query<{ metadata: unknown }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    const metadata = objectMetadataSchema.safeParse(rows[0]?.metadata);
    if (!metadata.success) throw notFound();
    const { eTag, mimetype, cacheControl, file } = metadata.data;
    // A fixed name's content can change: cached for the uploader's time, then checked (ETag).
    return serveFile(c, bucketId, file, {
      eTag,
      mimetype,
      cacheControl: `public, max-age=${cacheSeconds(cacheControl)}, must-revalidate`,
    });
  });

  async function download(c: Context, after: string): Promise<Response> {
    const identity = await identify(c);
    const { bucket, name } = splitObjectPath(objectPath(c, after));
    const rows = await asCaller(identity, async (tx) => {
      const result = await tx.query<{ metadata: unknown }>(
        'select metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      return result.rows;
    });
    const metadata = objectMetadataSchema.safeParse(rows[0]?.metadata);
    if (!metadata.success) throw notFound();
    const { eTag, mimetype, file } = metadata.data;
    return serveFile(c, bucket, file, { eTag, mimetype, cacheControl: 'private, no-cache' });
  }

  app.get('/object/authenticated/*', (c) => download(c, '/object/authenticated/'));

  // The JSON requests (list, remove) are small: the app's usual limit, in Storage's words.
  const jsonLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) =>
      storageErrorResponse(c, new StorageFailure(413, 'Payload too large', 'The request body is too large'), {
        Connection: 'close',
      }),
  });

  app.post('/object/list/:bucket', jsonLimit, async (c) => {
    const identity = await identify(c);
    const bucket = checkBucketId(c.req.param('bucket'));
    const parsed = listBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new StorageFailure(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid list request');
    }
    const { prefix, limit, offset, search, sortBy } = parsed.data;
    const folder = prefix.replace(/^\/+|\/+$/g, '');
    const start = folder ? `${folder}/` : '';
    const like = `${start.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const rows = await asCaller(identity, async (tx) => {
      const result = await tx.query<{
        id: string;
        name: string;
        created_at: string;
        updated_at: string;
        last_accessed_at: string;
        metadata: Record<string, unknown> | null;
      }>(
        `select id, name, to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at,
                to_json(last_accessed_at) #>> '{}' as last_accessed_at, metadata
           from storage.objects
          where bucket_id = $1 and name like $2 escape '\\'
          order by name
          limit 10000`,
        [bucket, like],
      );
      return result.rows;
    });
    type Entry = {
      name: string;
      id: string | null;
      created_at: string | null;
      updated_at: string | null;
      last_accessed_at: string | null;
      metadata: Record<string, unknown> | null;
    };
    const entries = new Map<string, Entry>();
    for (const row of rows) {
      const rest = row.name.slice(start.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) {
        const name = rest.slice(0, slash);
        if (!entries.has(`${name}/`)) {
          entries.set(`${name}/`, {
            name,
            id: null,
            created_at: null,
            updated_at: null,
            last_accessed_at: null,
            metadata: null,
          });
        }
      } else {
        entries.set(rest, { ...row, name: rest });
      }
    }
    const wanted = search?.toLowerCase();
    const direction = sortBy.order === 'asc' ? 1 : -1;
    const listed = [...entries.values()]
      .filter((entry) => !wanted || entry.name.toLowerCase().startsWith(wanted))
      .sort((a, b) => direction * String(a[sortBy.column] ?? '').localeCompare(String(b[sortBy.column] ?? '')));
    return c.json(listed.slice(offset, offset + limit), 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/object/*', (c) => download(c, '/object/'));

  const uploadLimit = bodyLimit({
    maxSize: maxUploadBodyBytes,
    onError: (c) => storageErrorResponse(c, tooLarge(), { Connection: 'close' }),
  });
  app.post('/object/*', uploadLimit, (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/*', uploadLimit, (c) => upload(c, true));

  app.delete('/object/:bucket', jsonLimit, async (c) => {
    const identity = await identify(c);
    const bucket = checkBucketId(c.req.param('bucket'));
    const parsed = removeBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new StorageFailure(400, 'invalid_request', 'The body must be {"prefixes": ["name", …]}');
    }
    const names = parsed.data.prefixes.map((name) => checkObjectName(name));
    const removed = await asCaller(identity, async (tx) => {
      // RLS filters the rows: what the caller may not remove is left, as on hosted Storage.
      const result = await tx.query<{ metadata: unknown } & Record<string, unknown>>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, bucket_id, name, owner, to_json(created_at) #>> '{}' as created_at,
                   to_json(updated_at) #>> '{}' as updated_at,
                   to_json(last_accessed_at) #>> '{}' as last_accessed_at, metadata`,
        [bucket, names],
      );
      return result.rows;
    });
    for (const row of removed) {
      const metadata = objectMetadataSchema.safeParse(row.metadata);
      await Promise.all(
        storedNames(metadata.success ? metadata.data : undefined).map((file) => files.remove(bucket, file)),
      );
    }
    return c.json(removed, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/bucket/:id', async (c) => {
    const identity = await identify(c);
    const id = checkBucketId(c.req.param('id'));
    const rows = await asCaller(identity, async (tx) => {
      const result = await tx.query<Record<string, unknown>>(
        `select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
                to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at
           from storage.buckets where id = $1`,
        [id],
      );
      return result.rows;
    });
    if (!rows[0]) throw bucketNotFound();
    return c.json(rows[0], 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
