/**
 * auth.users and auth.identities: reading a user as GoTrue's JSON (the `user` of every auth
 * reply) and creating email accounts. Rows come back through `to_jsonb`, so timestamps are
 * already RFC 3339 strings on both database drivers.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';

const metadata = z
  .record(z.string(), z.unknown())
  .nullable()
  .transform((value) => value ?? {});
const timestamp = z.string().nullable().optional();

const userRowSchema = z.object({
  id: z.string(),
  aud: z.string().nullable(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  encrypted_password: z.string().nullable(),
  raw_app_meta_data: metadata,
  raw_user_meta_data: metadata,
  is_anonymous: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  email_confirmed_at: timestamp,
  phone_confirmed_at: timestamp,
  confirmed_at: timestamp,
  confirmation_sent_at: timestamp,
  recovery_sent_at: timestamp,
  email_change_sent_at: timestamp,
  phone_change_sent_at: timestamp,
  reauthentication_sent_at: timestamp,
  email_change: z.string().nullable().optional(),
  phone_change: z.string().nullable().optional(),
  invited_at: timestamp,
  last_sign_in_at: timestamp,
  banned_until: timestamp,
  deleted_at: timestamp,
});
export type UserRow = z.infer<typeof userRowSchema>;

const identityRowSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  user_id: z.string(),
  identity_data: metadata,
  provider: z.string(),
  last_sign_in_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
  email: z.string().nullable(),
});

const factorRowSchema = z.object({
  id: z.string(),
  friendly_name: z.string().nullable(),
  factor_type: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_challenged_at: z.string().nullable(),
  phone: z.string().nullable(),
});

export interface LoadedUser {
  row: UserRow;
  /** GoTrue's user JSON (A.3 of the surface reference). */
  json: Record<string, unknown>;
}

/** Optional fields appear only when set, as GoTrue's `omitempty` does. */
const optionalTimestamps = [
  'email_confirmed_at',
  'phone_confirmed_at',
  'confirmed_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'phone_change_sent_at',
  'reauthentication_sent_at',
  'invited_at',
  'last_sign_in_at',
  'banned_until',
  'deleted_at',
] as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function userJson(
  row: UserRow,
  identities: z.infer<typeof identityRowSchema>[],
  factors: z.infer<typeof factorRowSchema>[],
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
  };
  for (const field of optionalTimestamps) {
    const value = row[field];
    if (value) json[field] = value;
  }
  if (row.email_change) json.new_email = row.email_change;
  if (row.phone_change) json.new_phone = row.phone_change;
  Object.assign(json, {
    phone: row.phone ?? '',
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: identity.last_sign_in_at ?? null,
      created_at: identity.created_at ?? null,
      updated_at: identity.updated_at ?? null,
      email: identity.email ?? '',
    })),
    created_at: row.created_at ?? null,
    updated_at: row.updated_at ?? null,
    is_anonymous: row.is_anonymous,
  });
  if (factors.length > 0) {
    json.factors = factors.map((factor) => ({
      id: factor.id,
      ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
      factor_type: factor.factor_type,
      status: factor.status,
      created_at: factor.created_at,
      updated_at: factor.updated_at,
      last_challenged_at: factor.last_challenged_at,
      phone: factor.phone ?? '',
    }));
  }
  return json;
}

const loadSql = `
  select to_jsonb(u) as u,
    coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id)
              from auth.identities i where i.user_id = u.id), '[]'::jsonb) as identities,
    coalesce((select jsonb_agg(jsonb_build_object(
                'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
                'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
                'last_challenged_at', f.last_challenged_at, 'phone', f.phone) order by f.created_at, f.id)
              from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb) as factors
  from auth.users u`;

function parseLoaded(row: { u: unknown; identities: unknown; factors: unknown }): LoadedUser {
  const user = userRowSchema.parse(row.u);
  return {
    row: user,
    json: userJson(user, z.array(identityRowSchema).parse(row.identities), z.array(factorRowSchema).parse(row.factors)),
  };
}

export async function loadUserById(q: Queryable, id: string): Promise<LoadedUser | undefined> {
  const result = await q.query<{ u: unknown; identities: unknown; factors: unknown }>(
    `${loadSql} where u.id = $1 and u.deleted_at is null`,
    [id],
  );
  const row = result.rows[0];
  return row ? parseLoaded(row) : undefined;
}

export async function loadUserByEmail(q: Queryable, email: string): Promise<LoadedUser | undefined> {
  const result = await q.query<{ u: unknown; identities: unknown; factors: unknown }>(
    `${loadSql} where u.email = $1 and u.is_sso_user = false and u.deleted_at is null`,
    [normaliseEmail(email)],
  );
  const row = result.rows[0];
  return row ? parseLoaded(row) : undefined;
}

export function isBanned(row: UserRow, now = Date.now()): boolean {
  return Boolean(row.banned_until && Date.parse(row.banned_until) > now);
}

/** Creates a confirmed email account with its email identity; the caller runs it in a transaction. */
export async function insertEmailUser(
  tx: Queryable,
  input: {
    email: string;
    passwordHash: string;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
  },
): Promise<string> {
  const id = randomUUID();
  const email = normaliseEmail(input.email);
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(),
       $4::jsonb, $5::jsonb, now(), now(), false)`,
    [id, email, input.passwordHash, JSON.stringify(input.appMetadata), JSON.stringify(input.userMetadata)],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', now(), now())`,
    [id, id, JSON.stringify({ sub: id, email, email_verified: true, phone_verified: false })],
  );
  return id;
}
