/**
 * PostgREST 12/13 conformance over a fixture schema of the test's own (users with a manager, a
 * one-to-one settings row, channels, messages with two keys to users, a many-to-many membership,
 * a view, ranges, arrays, jsonb and a tsvector), on both databases: embedding from foreign keys,
 * the operators, JSON paths and casts, media types and preferences. Each case states the exact
 * status and body PostgREST answers with; RLS cases show embedded rows the caller may not see.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signUserToken, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createSchemaCache } from './schema-cache.ts';

const fixture = `
  create table public.fx_users (
    id int primary key,
    username text not null unique,
    manager_id int references public.fx_users (id),
    tags text[] not null default '{}',
    profile jsonb
  );
  create table public.fx_user_settings (
    user_id int primary key references public.fx_users (id),
    theme text not null
  );
  create table public.fx_channels (id int primary key, name text not null, secret boolean not null);
  create table public.fx_messages (
    id int primary key,
    body text not null,
    sender_id int not null references public.fx_users (id),
    reviewer_id int references public.fx_users (id),
    channel_id int not null references public.fx_channels (id),
    search tsvector generated always as (to_tsvector('english', body)) stored
  );
  create table public.fx_memberships (
    user_id int references public.fx_users (id),
    channel_id int references public.fx_channels (id),
    primary key (user_id, channel_id)
  );
  create table public.fx_seatings (id int primary key, seats int4range not null);
  create table public.fx_guestbook (id serial primary key, note text not null, signed boolean default true);
  create view public.fx_message_view as select id, body, sender_id from public.fx_messages;

  insert into public.fx_users values
    (1, 'ana', null, '{a,b}', '{"city": "Hanoi", "langs": ["vi", "en"]}'),
    (2, 'binh', 1, '{b}', '{"city": "Hue"}'),
    (3, 'chi', 1, '{}', null);
  insert into public.fx_user_settings values (1, 'dark');
  insert into public.fx_channels values (10, 'general', false), (11, 'staff', true);
  insert into public.fx_messages (id, body, sender_id, reviewer_id, channel_id) values
    (100, 'hello world', 1, 2, 10),
    (101, 'the quick brown fox', 2, null, 10),
    (102, 'secret plans', 1, 3, 11),
    (103, 'jumping foxes', 3, null, 10);
  insert into public.fx_memberships values (1, 10), (1, 11), (2, 10);
  insert into public.fx_seatings values (1, '[1,4)'), (2, '[4,8)');
  analyze public.fx_users;
  create materialized view public.fx_channel_sizes as
    select channel_id, count(*)::int as messages from public.fx_messages group by channel_id;

  grant select on public.fx_users, public.fx_user_settings, public.fx_channels, public.fx_messages,
    public.fx_memberships, public.fx_seatings, public.fx_message_view, public.fx_channel_sizes
    to anon, service_role;
  grant all on public.fx_users, public.fx_messages, public.fx_guestbook to service_role;
  grant insert, select on public.fx_guestbook to anon;
  grant usage on sequence public.fx_guestbook_id_seq to anon, service_role;

  -- Guests see the channels that are not secret, and no message of chi's.
  alter table public.fx_channels enable row level security;
  create policy fx_channels_public on public.fx_channels for select to anon using (not secret);
  alter table public.fx_messages enable row level security;
  create policy fx_messages_public on public.fx_messages for select to anon using (sender_id <> 3);
`;

interface Case {
  name: string;
  path: string;
  as?: 'anon' | 'service';
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /** The parsed JSON body, or the text for CSV. */
  expected: unknown;
  expectHeaders?: Record<string, string>;
}

const ambiguousUsers = {
  code: 'PGRST201',
  details: [
    {
      cardinality: 'many-to-one',
      embedding: 'fx_messages with fx_users',
      relationship: 'fx_messages_reviewer_id_fkey using fx_messages(reviewer_id) and fx_users(id)',
    },
    {
      cardinality: 'many-to-one',
      embedding: 'fx_messages with fx_users',
      relationship: 'fx_messages_sender_id_fkey using fx_messages(sender_id) and fx_users(id)',
    },
  ],
  hint: "Try changing 'fx_users' to one of the following: 'fx_users!fx_messages_reviewer_id_fkey', 'fx_users!fx_messages_sender_id_fkey'. Find the desired relationship in the 'details' key.",
  message: "Could not embed because more than one relationship was found for 'fx_messages' and 'fx_users'",
};

const embedding: Case[] = [
  {
    name: 'many-to-one with an alias and a column hint',
    path: 'fx_messages?select=id,sender:fx_users!sender_id(username)&order=id&limit=2',
    status: 200,
    expected: [
      { id: 100, sender: { username: 'ana' } },
      { id: 101, sender: { username: 'binh' } },
    ],
  },
  {
    name: 'many-to-one by the foreign key name, null where there is none',
    path: 'fx_messages?select=id,fx_users!fx_messages_reviewer_id_fkey(username)&id=in.(100,101)&order=id',
    status: 200,
    expected: [
      { id: 100, fx_users: { username: 'binh' } },
      { id: 101, fx_users: null },
    ],
  },
  {
    name: 'two foreign keys: PGRST201',
    path: 'fx_messages?select=id,fx_users(username)',
    status: 300,
    expected: ambiguousUsers,
  },
  {
    name: 'no foreign key: PGRST200',
    path: 'fx_channels?select=id,fx_user_settings(*)',
    status: 400,
    expected: {
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'fx_channels' and 'fx_user_settings' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'fx_channels' and 'fx_user_settings' in the schema cache",
    },
  },
  {
    name: 'one-to-many with order and limit on the embedded rows',
    path: 'fx_channels?select=name,fx_messages(id)&order=id&fx_messages.order=id.desc&fx_messages.limit=2',
    status: 200,
    expected: [
      { name: 'general', fx_messages: [{ id: 103 }, { id: 101 }] },
      { name: 'staff', fx_messages: [{ id: 102 }] },
    ],
  },
  {
    name: 'one-to-one both ways',
    path: 'fx_users?select=username,fx_user_settings(theme)&order=id',
    status: 200,
    expected: [
      { username: 'ana', fx_user_settings: { theme: 'dark' } },
      { username: 'binh', fx_user_settings: null },
      { username: 'chi', fx_user_settings: null },
    ],
  },
  {
    name: 'many-to-many through the junction table',
    path: 'fx_users?select=username,fx_channels(name)&order=id&fx_channels.order=id',
    status: 200,
    expected: [
      { username: 'ana', fx_channels: [{ name: 'general' }, { name: 'staff' }] },
      { username: 'binh', fx_channels: [{ name: 'general' }] },
      { username: 'chi', fx_channels: [] },
    ],
  },
  {
    name: 'self-reference: the table name gives the one-to-many',
    path: 'fx_users?select=username,reports:fx_users(username)&order=id&reports.order=id',
    status: 200,
    expected: [
      { username: 'ana', reports: [{ username: 'binh' }, { username: 'chi' }] },
      { username: 'binh', reports: [] },
      { username: 'chi', reports: [] },
    ],
  },
  {
    name: 'self-reference: the column gives the many-to-one',
    path: 'fx_users?select=username,manager:manager_id(username)&order=id',
    status: 200,
    expected: [
      { username: 'ana', manager: null },
      { username: 'binh', manager: { username: 'ana' } },
      { username: 'chi', manager: { username: 'ana' } },
    ],
  },
  {
    name: '!inner with a filter on the embedded resource',
    path: 'fx_channels?select=name,fx_messages!inner(id)&fx_messages.id=eq.102',
    status: 200,
    expected: [{ name: 'staff', fx_messages: [{ id: 102 }] }],
  },
  {
    name: 'a filter on the embedded resource without !inner keeps every parent',
    path: 'fx_channels?select=name,fx_messages(id)&fx_messages.id=eq.102&order=id',
    status: 200,
    expected: [
      { name: 'general', fx_messages: [] },
      { name: 'staff', fx_messages: [{ id: 102 }] },
    ],
  },
  {
    name: 'or on the embedded resource',
    path: 'fx_channels?select=name,fx_messages(id)&fx_messages.or=(id.eq.100,id.eq.103)&fx_messages.order=id&order=id',
    status: 200,
    expected: [
      { name: 'general', fx_messages: [{ id: 100 }, { id: 103 }] },
      { name: 'staff', fx_messages: [] },
    ],
  },
  {
    name: 'anti-join: embedded=is.null',
    path: 'fx_users?select=username,fx_user_settings()&fx_user_settings=is.null&order=id',
    status: 200,
    expected: [{ username: 'binh' }, { username: 'chi' }],
  },
  {
    name: 'semi-join: embedded=not.is.null, counted exactly',
    path: 'fx_users?select=username,fx_user_settings()&fx_user_settings=not.is.null',
    headers: { prefer: 'count=exact' },
    status: 200,
    expected: [{ username: 'ana' }],
    expectHeaders: { 'content-range': '0-0/1' },
  },
  {
    name: 'spread of a many-to-one',
    path: 'fx_messages?select=id,...fx_channels(channel:name)&order=id&limit=2',
    status: 200,
    expected: [
      { id: 100, channel: 'general' },
      { id: 101, channel: 'general' },
    ],
  },
  {
    name: 'three levels deep',
    path: 'fx_channels?select=name,fx_messages(id,sender:fx_users!sender_id(username,manager:manager_id(username)))&id=eq.10&fx_messages.order=id&fx_messages.limit=2',
    status: 200,
    expected: [
      {
        name: 'general',
        fx_messages: [
          { id: 100, sender: { username: 'ana', manager: null } },
          { id: 101, sender: { username: 'binh', manager: { username: 'ana' } } },
        ],
      },
    ],
  },
  {
    name: 'order by a column of a to-one embed',
    path: 'fx_messages?select=id,fx_channels(name)&order=fx_channels(name).desc,id&limit=2',
    status: 200,
    expected: [
      { id: 102, fx_channels: { name: 'staff' } },
      { id: 100, fx_channels: { name: 'general' } },
    ],
  },
  {
    name: 'order by a to-many embed: PGRST118',
    path: 'fx_channels?select=id,fx_messages(id)&order=fx_messages(id)',
    status: 400,
    expected: {
      code: 'PGRST118',
      details: "'fx_channels' and 'fx_messages' do not form a many-to-one or one-to-one relationship in this request",
      hint: null,
      message: "A related order on 'fx_messages' is not possible",
    },
  },
  {
    name: 'a view inherits the foreign keys of its table',
    path: 'fx_message_view?select=id,fx_users(username)&order=id&limit=1',
    status: 200,
    expected: [{ id: 100, fx_users: { username: 'ana' } }],
  },
  {
    name: 'and is embedded from that table',
    path: 'fx_users?select=username,fx_message_view(id)&id=eq.2',
    status: 200,
    expected: [{ username: 'binh', fx_message_view: [{ id: 101 }] }],
  },
  {
    name: 'a materialized view, with the foreign keys of its table',
    path: 'fx_channel_sizes?select=messages,fx_channels(name)&order=channel_id',
    status: 200,
    expected: [
      { messages: 3, fx_channels: { name: 'general' } },
      { messages: 1, fx_channels: { name: 'staff' } },
    ],
  },
  {
    name: 'parameters for an embed the select does not have: PGRST108',
    path: 'fx_channels?select=name&fx_messages.limit=1',
    status: 400,
    expected: {
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'fx_messages' is included in the 'select' query parameter.",
      message: "'fx_messages' is not an embedded resource in this request",
    },
  },
  {
    name: 'RLS: a guest gets null for a channel it may not see',
    as: 'anon',
    path: 'fx_messages?select=id,fx_channels(name)&order=id',
    status: 200,
    expected: [
      { id: 100, fx_channels: { name: 'general' } },
      { id: 101, fx_channels: { name: 'general' } },
      { id: 102, fx_channels: null },
    ],
  },
  {
    name: 'RLS: embedded messages a guest may not see are left out, hidden channels too',
    as: 'anon',
    path: 'fx_channels?select=name,fx_messages(id)&fx_messages.order=id',
    status: 200,
    expected: [{ name: 'general', fx_messages: [{ id: 100 }, { id: 101 }] }],
  },
  {
    name: 'RLS: !inner drops rows whose only related row is hidden',
    as: 'anon',
    path: 'fx_messages?select=id,fx_channels!inner(name)&order=id',
    status: 200,
    expected: [
      { id: 100, fx_channels: { name: 'general' } },
      { id: 101, fx_channels: { name: 'general' } },
    ],
  },
];

/** `fx_users?select=id&…` (or another table) answered with ids. */
function ids(name: string, path: string, expected: number[]): Case {
  return { name, path, status: 200, expected: expected.map((id) => ({ id })) };
}

const operators: Case[] = [
  ids('cs on an array', 'fx_users?select=id&tags=cs.{b}&order=id', [1, 2]),
  ids('cd on an array', 'fx_users?select=id&tags=cd.{a,b}&order=id', [1, 2, 3]),
  ids('ov on an array', 'fx_users?select=id&tags=ov.{a,c}', [1]),
  ids('not.cs', 'fx_users?select=id&tags=not.cs.{b}', [3]),
  ids('cs on jsonb', 'fx_users?select=id&profile=cs.{"city":"Hanoi"}', [1]),
  ids('ov on a range', 'fx_seatings?select=id&seats=ov.[3,5)&order=id', [1, 2]),
  ids('sl', 'fx_seatings?select=id&seats=sl.[5,9)', [1]),
  ids('sr', 'fx_seatings?select=id&seats=sr.[0,2)', [2]),
  ids('nxr', 'fx_seatings?select=id&seats=nxr.[1,5)', [1]),
  ids('nxl', 'fx_seatings?select=id&seats=nxl.[3,10)', [2]),
  ids('adj', 'fx_seatings?select=id&seats=adj.[8,10)', [2]),
  ids('fts on a tsvector', 'fx_messages?select=id&search=fts.fox&order=id', [101, 103]),
  ids('plfts', 'fx_messages?select=id&search=plfts.quick%20brown', [101]),
  ids('phfts with a language', 'fx_messages?select=id&search=phfts(english).quick%20brown', [101]),
  ids('wfts', 'fx_messages?select=id&search=wfts.fox%20-quick', [103]),
  ids('fts on a text column with a language', 'fx_messages?select=id&body=fts(english).jump', [103]),
  ids('not.fts', 'fx_messages?select=id&search=not.fts.fox&order=id', [100, 102]),
  ids('like(any)', 'fx_users?select=id&username=like(any).{a*,c*}&order=id', [1, 3]),
  ids('ilike(all)', 'fx_users?select=id&username=ilike(all).{*N*,*A*}', [1]),
  ids('eq(any)', 'fx_users?select=id&id=eq(any).{1,3}&order=id', [1, 3]),
  ids('gt(all)', 'fx_users?select=id&id=gt(all).{1,2}', [3]),
  ids('match and imatch', 'fx_users?select=id&username=match.^b&or=(username.imatch.^B)', [2]),
  ids('isdistinct', 'fx_users?select=id&manager_id=isdistinct.1', [1]),
  ids('is.null on a column', 'fx_users?select=id&profile=is.null', [3]),
  ids(
    'or and and nested, with an array value',
    'fx_users?select=id&or=(username.eq.ana,and(manager_id.eq.1,tags.cs.{b}))&order=id',
    [1, 2],
  ),
  ids('not.or', 'fx_users?select=id&not.or=(id.eq.1,id.eq.2)', [3]),
  {
    name: 'JSON paths in select, filters and order',
    path: 'fx_users?select=id,city:profile->>city,profile->langs->0&profile->>city=in.(Hanoi,Hue)&order=profile->>city.desc',
    status: 200,
    expected: [
      { id: 2, city: 'Hue', '0': null },
      { id: 1, city: 'Hanoi', '0': 'vi' },
    ],
  },
  {
    name: 'a cast in select',
    path: 'fx_users?select=id::text,tags::text&id=eq.1',
    status: 200,
    expected: [{ id: '1', tags: '{a,b}' }],
  },
  {
    name: 'aggregates are off by default: PGRST123',
    path: 'fx_users?select=count()',
    status: 400,
    expected: { code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' },
  },
];

const mediaAndPreferences: Case[] = [
  {
    name: 'a schema that is not exposed: PGRST106',
    path: 'fx_users?select=id',
    headers: { 'accept-profile': 'auth' },
    status: 406,
    expected: {
      code: 'PGRST106',
      details: null,
      hint: null,
      message: 'The schema must be one of the following: public',
    },
  },
  {
    name: 'text/csv',
    path: 'fx_users?select=id,username,profile->>city&order=id',
    headers: { accept: 'text/csv' },
    status: 200,
    expected: 'id,username,city\n1,ana,Hanoi\n2,binh,Hue\n3,chi,',
    expectHeaders: { 'content-type': 'text/csv; charset=utf-8' },
  },
  {
    name: 'text/csv quotes what needs it, as Postgres prints a record',
    path: 'fx_messages?select=id,body,sender:fx_users!sender_id(tags)&id=in.(100,101)&order=id',
    headers: { accept: 'text/csv' },
    status: 200,
    expected:
      'id,body,sender\n100,"hello world","{""tags"":[""a"",""b""]}"\n101,"the quick brown fox","{""tags"":[""b""]}"',
  },
  {
    name: 'text/csv of an insert with return=representation',
    method: 'POST',
    path: 'fx_users?select=username,tags',
    headers: { accept: 'text/csv', prefer: 'return=representation, tx=rollback' },
    body: { id: 9, username: 'dung', tags: ['a', 'c'] },
    status: 201,
    expected: 'username,tags\ndung,"{a,c}"',
  },
  {
    name: 'a single object of many rows: PGRST116',
    path: 'fx_users?select=id',
    headers: { accept: 'application/vnd.pgrst.object+json' },
    status: 406,
    expected: {
      code: 'PGRST116',
      details: 'The result contains 3 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    },
  },
  {
    name: 'count=exact on a page: 206 and Content-Range',
    path: 'fx_users?select=id&order=id&limit=2',
    headers: { prefer: 'count=exact' },
    status: 206,
    expected: [{ id: 1 }, { id: 2 }],
    expectHeaders: { 'content-range': '0-1/3' },
  },
  {
    name: "count=planned: the planner's estimate",
    path: 'fx_users?select=id&order=id&limit=2',
    headers: { prefer: 'count=planned' },
    status: 206,
    expected: [{ id: 1 }, { id: 2 }],
    expectHeaders: { 'content-range': '0-1/3' },
  },
  {
    name: 'count=estimated under the row cap: exact',
    path: 'fx_users?select=id&id=gt.1&limit=1',
    headers: { prefer: 'count=estimated' },
    status: 206,
    expected: [{ id: 2 }],
    expectHeaders: { 'content-range': '0-0/2' },
  },
  {
    name: 'max-affected with handling=strict: PGRST124, nothing changed',
    method: 'PATCH',
    path: 'fx_users?manager_id=eq.1',
    headers: { prefer: 'handling=strict, max-affected=1' },
    body: { tags: ['changed'] },
    status: 400,
    expected: {
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    },
  },
  {
    name: 'an unknown preference with handling=strict: PGRST122',
    path: 'fx_users?select=id',
    headers: { prefer: 'handling=strict, colour=blue' },
    status: 400,
    expected: {
      code: 'PGRST122',
      details: 'Invalid preferences: colour=blue',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    },
  },
  {
    name: 'upsert on a unique column with merge-duplicates',
    method: 'POST',
    path: 'fx_users?on_conflict=username&select=id,username,tags',
    headers: { prefer: 'resolution=merge-duplicates, return=representation, tx=rollback' },
    body: [
      { id: 1, username: 'ana', tags: ['z'] },
      { id: 4, username: 'dan', tags: [] },
    ],
    status: 201,
    expected: [
      { id: 1, username: 'ana', tags: ['z'] },
      { id: 4, username: 'dan', tags: [] },
    ],
  },
  {
    name: 'upsert with ignore-duplicates returns only what it inserted',
    method: 'POST',
    path: 'fx_users?on_conflict=username&select=username',
    headers: { prefer: 'resolution=ignore-duplicates, return=representation, tx=rollback' },
    body: [
      { id: 5, username: 'ana' },
      { id: 6, username: 'em' },
    ],
    status: 201,
    expected: [{ username: 'em' }],
  },
  {
    name: 'an insert returns its row with an embed',
    method: 'POST',
    path: 'fx_messages?select=id,sender:fx_users!sender_id(username),fx_channels(name)',
    headers: { prefer: 'return=representation, tx=rollback' },
    body: { id: 104, body: 'new', sender_id: 2, channel_id: 10 },
    status: 201,
    expected: [{ id: 104, sender: { username: 'binh' }, fx_channels: { name: 'general' } }],
  },
  {
    name: 'an update returns its rows with an embed',
    method: 'PATCH',
    path: 'fx_messages?id=eq.100&select=id,body,reviewer:fx_users!reviewer_id(username)',
    headers: { prefer: 'return=representation, tx=rollback' },
    body: { body: 'hi', reviewer_id: 3 },
    status: 200,
    expected: [{ id: 100, body: 'hi', reviewer: { username: 'chi' } }],
  },
  {
    name: 'a delete returns its rows with an embed',
    method: 'DELETE',
    path: 'fx_messages?id=eq.101&select=id,fx_channels(name)',
    headers: { prefer: 'return=representation, tx=rollback' },
    status: 200,
    expected: [{ id: 101, fx_channels: { name: 'general' } }],
  },
  {
    name: 'a guest inserts several rows into a table that is not a booking table',
    as: 'anon',
    method: 'POST',
    path: 'fx_guestbook?columns=note,signed',
    headers: { prefer: 'missing=default, return=minimal' },
    body: [{ note: 'lovely' }, { note: 'spicy', signed: false }, { note: 'again' }],
    status: 201,
    expected: undefined,
    expectHeaders: { 'content-range': '*/*' },
  },
];

describe.each(backends)('PostgREST conformance over a fixture schema on %s', (backend) => {
  let server: TestServer;
  let serviceToken: string;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    serviceToken = await signUserToken(server, { staff: false, role: 'service_role' });
    service = tokenClient(server, serviceToken);
    await server.deps.db.exec(fixture);
    // Made after start: the running server learns the tables and keys from this notification
    // (read in the background, as PostgREST does).
    await server.deps.db.query(`notify pgrst, 'reload schema'`);
    for (let i = 0; i < 50; i++) {
      if ((await service.from('fx_users').select('id').limit(1)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => server?.close());

  async function call(test: Case) {
    const response = await fetch(`${server.url}/rest/v1/${test.path}`, {
      method: test.method ?? 'GET',
      headers: {
        apikey: server.anonKey,
        ...(test.as === 'anon' ? {} : { authorization: `Bearer ${serviceToken}` }),
        ...(test.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...test.headers,
      },
      body: test.body === undefined ? undefined : JSON.stringify(test.body),
    });
    const text = await response.text();
    const csv = response.headers.get('content-type')?.startsWith('text/csv');
    return { response, body: text === '' ? undefined : csv ? text : JSON.parse(text) };
  }

  it.each([...embedding, ...operators, ...mediaAndPreferences])('$name', async (test) => {
    const { response, body } = await call(test);
    expect({ status: response.status, body }).toEqual({ status: test.status, body: test.expected });
    for (const [name, value] of Object.entries(test.expectHeaders ?? {})) {
      expect(response.headers.get(name), name).toBe(value);
    }
  });

  it('keeps what a strict max-affected refused unchanged', async () => {
    const { data } = await service.from('fx_users').select('username,tags').eq('manager_id', 1).order('id');
    expect(data).toEqual([
      { username: 'binh', tags: ['b'] },
      { username: 'chi', tags: [] },
    ]);
  });

  it('answers supabase-js embeds, filters and single()', async () => {
    const withSender = await service
      .from('fx_messages')
      .select('id, sender:fx_users!sender_id(username), fx_channels!inner(name)')
      .eq('fx_channels.name', 'staff')
      .single();
    expect(withSender).toMatchObject({
      status: 200,
      error: null,
      data: { id: 102, sender: { username: 'ana' }, fx_channels: { name: 'staff' } },
    });
    const searched = await service.from('fx_messages').select('id').textSearch('search', 'fox', { type: 'websearch' });
    expect(searched.data).toEqual([{ id: 101 }, { id: 103 }]);
    const ranged = await service.from('fx_seatings').select('id').rangeAdjacent('seats', '[8,10)');
    expect(ranged.data).toEqual([{ id: 2 }]);
    const contained = await service.from('fx_users').select('id').containedBy('tags', ['a', 'b']).order('id');
    expect(contained.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const overlapping = await service.from('fx_users').select('id').overlaps('tags', ['a', 'z']);
    expect(overlapping.data).toEqual([{ id: 1 }]);
    const limited = await service
      .from('fx_channels')
      .select('name, fx_messages(id)')
      .order('id', { referencedTable: 'fx_messages', ascending: false })
      .limit(1, { referencedTable: 'fx_messages' })
      .order('id');
    expect(limited.data).toEqual([
      { name: 'general', fx_messages: [{ id: 103 }] },
      { name: 'staff', fx_messages: [{ id: 102 }] },
    ]);
    const guest = anonClient(server);
    const guestView = await guest.from('fx_users').select('username, fx_messages!sender_id(id)').eq('id', 3);
    expect(guestView.data).toEqual([{ username: 'chi', fx_messages: [] }]);
  });

  it('reads the relationships again on reload, and only then', async () => {
    // A frozen clock: nothing but reload() reads the catalog again.
    const cache = createSchemaCache(server.deps.db, () => 0);
    expect(await cache.relationships('fx_seatings')).toEqual([]);
    await server.deps.db.exec(
      `alter table public.fx_seatings add column user_id int references public.fx_users (id) default 1`,
    );
    expect(await cache.relationships('fx_seatings')).toEqual([]);
    await cache.reload();
    const [rel] = await cache.relationships('fx_seatings');
    expect(rel).toMatchObject({
      kind: 'many-to-one',
      target: 'fx_users',
      pairs: [{ source: 'user_id', target: 'id' }],
    });
  });
});

describe.each(backends)('aggregates and a second schema, configured, on %s', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let serviceToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      RATE_LIMITS: 'off',
      REST_AGGREGATES: 'on',
      REST_SCHEMAS: 'public,fx_menu',
    });
    serviceToken = await signUserToken(server, { staff: false, role: 'service_role' });
    service = tokenClient(server, serviceToken);
    await server.deps.db.exec(`
      create table public.fx_orders (id int primary key, branch text not null, guests int not null);
      insert into public.fx_orders values (1, 'Hanoi', 2), (2, 'Hanoi', 3), (3, 'Sa Pa', 4);
      grant select on public.fx_orders to service_role;
      create schema fx_menu;
      create table fx_menu.categories (id int primary key, name text not null);
      create table fx_menu.dishes (
        id int primary key,
        name text not null,
        category_id int references fx_menu.categories (id)
      );
      insert into fx_menu.categories values (1, 'Curries');
      insert into fx_menu.dishes values (1, 'Dal makhani', 1);
      create function fx_menu.dish_count() returns bigint language sql stable as $$ select count(*) from fx_menu.dishes $$;
      grant usage on schema fx_menu to service_role;
      grant all on all tables in schema fx_menu to service_role;
    `);
    await server.deps.db.query(`notify pgrst, 'reload schema'`);
    for (let i = 0; i < 50; i++) {
      if ((await service.from('fx_orders').select('id').limit(1)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => server?.close());

  it('groups by the other columns', async () => {
    const result = await service.from('fx_orders').select('branch, count(), guests.sum()').order('branch');
    expect(result.data).toEqual([
      { branch: 'Hanoi', count: 2, sum: 5 },
      { branch: 'Sa Pa', count: 1, sum: 4 },
    ]);
    const total = await service.from('fx_orders').select('total:guests.sum(), biggest:guests.max()');
    expect(total.data).toEqual([{ total: 9, biggest: 4 }]);
  });

  it('reads, embeds, writes and calls in the schema named by the profile headers', async () => {
    const menu = service.schema('fx_menu');
    const read = await menu.from('dishes').select('name, categories(name)');
    expect(read).toMatchObject({ status: 200, data: [{ name: 'Dal makhani', categories: { name: 'Curries' } }] });
    const written = await menu.from('dishes').insert({ id: 2, name: 'Paneer tikka', category_id: 1 }).select('id');
    expect(written).toMatchObject({ status: 201, data: [{ id: 2 }] });
    expect((await menu.rpc('dish_count')).data).toBe(2);
    // Without a profile, the default schema: it has no dishes.
    const elsewhere = await service.from('dishes').select('id');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.error?.message).toBe("Could not find the table 'public.dishes' in the schema cache");
    const response = await fetch(`${server.url}/rest/v1/dishes`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${serviceToken}`, 'accept-profile': 'auth' },
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 406,
      body: {
        code: 'PGRST106',
        details: null,
        hint: null,
        message: 'The schema must be one of the following: public, fx_menu',
      },
    });
  });
});
