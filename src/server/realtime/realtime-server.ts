/**
 * Supabase Realtime's postgres_changes, served at /realtime/v1/websocket on the HTTP server:
 * WebSockets (the `ws` library) speaking Phoenix channels (realtime-socket.ts), changes announced
 * by the database (change-feed.ts), and each change sent only to the channels whose token may
 * SELECT the row, re-read as that token (visibility.ts).
 *
 * Limits: sockets and joins per client address, a maximum message size, a message rate per
 * socket, channels per socket, distinct filters and tokens per account across its sockets
 * (account-budget.ts), a client that stops reading is dropped, and a socket silent for longer
 * than the idle timeout is closed. What one change costs the database grows with the distinct
 * subscribers (role and claims), not with their filters or channels: see realtime.visible_rows.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { type SessionLiveness, sessionLivenessTtlMs } from '../auth/session-liveness.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import { rateLimitKey, resolveClientAddress } from '../http/client-address.ts';
import type { Logger } from '../logger.ts';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter.ts';
import { AccountBudget, accountOf } from './account-budget.ts';
import { type ChangeEvent, type ChangeFeed, startChangeFeed } from './change-feed.ts';
import type { FilterCondition } from './filters.ts';
import {
  changeData,
  defaultSerializerVersion,
  type SerializerVersion,
  serializerVersions,
} from './phoenix-protocol.ts';
import { createPublishedTables, type PublishedTable } from './published-tables.ts';
import {
  type Channel,
  RealtimeSocket,
  type SocketLimits,
  type Subscription,
  type Transport,
} from './realtime-socket.ts';
import { createSubscriberIdentities, type Identity } from './subscriber-identity.ts';
import { type Audience, checkFilterValues, readAsSubscribers, type Visible } from './visibility.ts';

export const realtimePath = '/realtime/v1/websocket';

export interface RealtimeLimits extends SocketLimits {
  /** Largest message a client may send, in bytes (ws closes the socket with 1009 beyond it). */
  maxPayloadBytes: number;
  /** A socket that sent nothing for this long is closed. */
  idleTimeoutMs: number;
  /** Sockets open at once from one client address (an IPv6 client: its /64). */
  socketsPerAddress: number;
  /** Channel joins per client address. */
  joinsPerAddress: Limit;
  /** Sockets open at once on this server. */
  maxSockets: number;
}

export const defaultRealtimeLimits: RealtimeLimits = {
  maxPayloadBytes: 64 * 1024,
  // realtime-js sends a heartbeat every 25 s: three missed (a background tab's timers run late).
  idleTimeoutMs: 90_000,
  socketsPerAddress: 50,
  joinsPerAddress: { max: 120, windowSeconds: 60 },
  maxSockets: 10_000,
  channelsPerSocket: 100,
  subscriptionsPerJoin: 100,
  // A host's board needs a few (one per branch or view, the same in every tab): room to spare.
  filtersPerAccount: 100,
  // One per device signed in, two while a token is being refreshed: room to spare.
  tokensPerAccount: 20,
  messageBurst: 100,
  messagesPerSecond: 20,
  maxBufferedBytes: 1024 * 1024,
};

export interface RealtimeDeps {
  db: Database;
  tokens: TokenService;
  sessions: SessionLiveness;
  anonKey: string;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** RATE_LIMITS: when off, the per-address limits and tokens per account are off too (benchmarks). */
  rateLimits: boolean;
  trustProxy: readonly string[];
  limits?: Partial<RealtimeLimits>;
}

export interface RealtimeServer {
  /** Serves WebSocket upgrades of `server` at /realtime/v1/websocket. */
  attach(server: Server): void;
  /** Sessions of this user ended here: their channels stop at once. */
  sessionsEnded(userId: string): void;
  readonly socketCount: number;
  /** Joined channels, over all sockets (metrics). */
  readonly channelCount: number;
  close(): Promise<void>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function matches(subscription: Subscription, event: ChangeEvent): boolean {
  return (
    (subscription.schema === '*' || subscription.schema === event.schema) &&
    (subscription.table === undefined || subscription.table === event.table) &&
    (subscription.event === '*' || subscription.event === event.type)
  );
}

function transportOf(ws: WebSocket): Transport {
  return {
    send: (text) => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
  };
}

export async function startRealtime(deps: RealtimeDeps): Promise<RealtimeServer> {
  const limits: RealtimeLimits = {
    ...defaultRealtimeLimits,
    // Off, benchmarks may also stand in for many hosts with one account's sessions.
    ...(deps.rateLimits
      ? {}
      : { socketsPerAddress: Number.POSITIVE_INFINITY, tokensPerAccount: Number.POSITIVE_INFINITY }),
    ...deps.limits,
  };
  const { db, logger } = deps;
  const identities = createSubscriberIdentities(deps);
  const tables = createPublishedTables(db);
  await tables.refresh();
  const channels = new Set<Channel>();
  const sockets = new Set<RealtimeSocket>();
  const connections = new Map<RealtimeSocket, WebSocket>();
  const perAddress = new Map<string, number>();
  const budget = new AccountBudget(limits);
  let subscriptionIds = 0;

  const feed: ChangeFeed = await startChangeFeed(
    db,
    {
      change: deliver,
      gap() {
        for (const channel of [...channels]) if (channel.subscriptions.length > 0) channel.fail();
      },
      resumed() {},
    },
    { logger },
  );

  /** The channels that may hear `event`, with the subscriptions it matches. */
  function candidatesFor(event: ChangeEvent, now: number) {
    const found: { channel: Channel; identity: Identity; subscriptions: Subscription[] }[] = [];
    for (const channel of channels) {
      if (channel.auth.state !== 'active' || channel.auth.identity.expiresAt <= now) continue;
      const subscriptions = channel.subscriptions.filter((s) => matches(s, event));
      if (subscriptions.length > 0) found.push({ channel, identity: channel.auth.identity, subscriptions });
    }
    return found;
  }

  /** Still joined, with the token it had when the change was read for it. */
  function unchanged(channel: Channel, identity: Identity): boolean {
    return channels.has(channel) && channel.auth.state === 'active' && channel.auth.identity === identity;
  }

  /**
   * Whether to send a change read for `identity` to `channel`. A channel whose token changed while
   * the change was being read (a refresh, a sign-out) gets nothing read for its old token; it is
   * failed instead, so it joins again and its page reads afresh with the new token. A channel
   * that now holds an expired token is held back, as always.
   */
  function stillListening(channel: Channel, identity: Identity): boolean {
    if (unchanged(channel, identity)) return true;
    if (channels.has(channel) && channel.auth.state === 'active') channel.fail();
    return false;
  }

  async function deliver(event: ChangeEvent): Promise<void> {
    const table = await tables.get(event.schema, event.table);
    if (!table) return;
    const now = Date.now();
    const candidates = candidatesFor(event, now);
    if (candidates.length === 0) return;

    // Tokens whose session ended stop here, as on /rest/v1 (the check is cached for 2 s).
    const verdicts = await Promise.all(
      candidates.map((c) => identities.stillValid(c.identity, now).catch(() => 'unknown' as const)),
    );
    const listening = candidates.filter((c, i) => {
      const verdict = verdicts[i];
      if (verdict === 'ended' && unchanged(c.channel, c.identity)) c.channel.end('Session has ended');
      // Could not check: the client catches up by joining again.
      if (verdict === 'unknown' && unchanged(c.channel, c.identity)) c.channel.fail();
      return verdict === 'valid';
    });

    if (event.type === 'DELETE') return deliverDeletes(event, table, listening);

    // Channels with the same role and claims (one session's tabs and channels) are one audience,
    // read once; its channels' identical filters are one filter set. Keyed by strings made once
    // (the token's claims JSON, each subscription's conditions JSON), so this stays cheap for an
    // account holding thousands of subscriptions.
    const audiences: Audience[] = [];
    const audienceIndex = new Map<string, Map<string, { index: number; sets: Map<string, number> }>>();
    const plans = listening.map((c) => {
      const byClaims = audienceIndex.get(c.identity.role) ?? new Map();
      audienceIndex.set(c.identity.role, byClaims);
      let found = byClaims.get(c.identity.claimsJson);
      if (found === undefined) {
        found = { index: audiences.length, sets: new Map<string, number>() };
        byClaims.set(c.identity.claimsJson, found);
        audiences.push({ role: c.identity.role, claimsJson: c.identity.claimsJson, filterSets: [] });
      }
      const { index, sets: setIndex } = found;
      const audience = audiences[index] as Audience;
      const sets = c.subscriptions.map((s) => {
        let set = setIndex.get(s.conditionsKey);
        if (set === undefined) {
          set = audience.filterSets.length;
          setIndex.set(s.conditionsKey, set);
          audience.filterSets.push(s.conditions);
        }
        return set;
      });
      return { ...c, audience: index, sets };
    });

    let visible: Visible;
    try {
      visible = await readAsSubscribers(db, table, event.keys, audiences);
    } catch (error) {
      logger.error(
        { err: { name: error instanceof Error ? error.name : typeof error } },
        'realtime: could not read a change for its subscribers; they will catch up',
      );
      for (const plan of plans) if (unchanged(plan.channel, plan.identity)) plan.channel.fail();
      return;
    }

    const current = plans.filter((plan) => stillListening(plan.channel, plan.identity));
    const encoded = new Map<string, string>();
    for (const key of event.keys) {
      for (const plan of current) {
        const seen = visible.get(plan.audience);
        if (!seen) continue;
        let record: Record<string, unknown> | undefined;
        const ids: number[] = [];
        plan.subscriptions.forEach((subscription, i) => {
          const row = seen.get(plan.sets[i] ?? -1)?.get(key);
          if (row) {
            record = row;
            ids.push(subscription.id);
          }
        });
        if (!record) continue;
        const cacheKey = `${plan.audience}\u0000${key}`;
        let data = encoded.get(cacheKey);
        if (data === undefined) {
          data = changeData({
            schema: table.schema,
            table: table.name,
            type: event.type,
            commitTimestamp: event.commitTimestamp,
            columns: columnsOf(table, record),
            record,
            oldRecord: event.type === 'UPDATE' ? { [table.key]: record[table.key] } : null,
          });
          encoded.set(cacheKey, data);
        }
        plan.channel.sendChange(ids, data);
      }
    }
  }

  /**
   * A deleted row cannot be read again, so no token's right to see it can be checked: deletes go
   * only to service_role, which reads every row, and carry the key alone.
   */
  function deliverDeletes(
    event: ChangeEvent,
    table: PublishedTable,
    listening: { channel: Channel; identity: Identity; subscriptions: Subscription[] }[],
  ): void {
    const keyColumn = table.columns.get(table.key);
    const numeric = keyColumn?.typeName === 'int8' || keyColumn?.typeName === 'int4' || keyColumn?.typeName === 'int2';
    const current = listening.filter(
      (c) => c.identity.role === 'service_role' && stillListening(c.channel, c.identity),
    );
    for (const key of event.keys) {
      const data = changeData({
        schema: table.schema,
        table: table.name,
        type: 'DELETE',
        commitTimestamp: event.commitTimestamp,
        columns: [{ name: table.key, type: keyColumn?.typeName ?? 'text' }],
        record: null,
        oldRecord: { [table.key]: numeric ? Number(key) : key },
      });
      for (const c of current) {
        const ids = c.subscriptions.filter((s) => s.conditions.length === 0).map((s) => s.id);
        if (ids.length > 0) c.channel.sendChange(ids, data);
      }
    }
  }

  function columnsOf(table: PublishedTable, record: Record<string, unknown>) {
    const columns = [];
    for (const name of Object.keys(record)) {
      const column = table.columns.get(name);
      // A column added since the catalog was read: read it again for the next change.
      if (!column) void tables.refresh().catch(() => {});
      columns.push({ name, type: column?.typeName ?? 'text' });
    }
    return columns;
  }

  /** Expired tokens are told once; channels whose session ended are ended. */
  let checking = false;
  async function checkTokens(only?: (identity: Identity) => boolean): Promise<void> {
    const now = Date.now();
    await Promise.all(
      [...channels].map(async (channel) => {
        if (channel.auth.state !== 'active') return;
        const auth = channel.auth;
        if (only && !only(auth.identity)) return;
        if (auth.identity.expiresAt <= now) {
          if (!auth.expiryNoticeSent) {
            auth.expiryNoticeSent = true;
            channel.system(
              'system',
              'error',
              'Token has expired: no changes are sent until a fresh access_token arrives',
            );
          }
          return;
        }
        const verdict = await identities.stillValid(auth.identity, now).catch(() => 'valid' as const);
        if (verdict === 'ended' && unchanged(channel, auth.identity)) channel.end('Session has ended');
      }),
    );
  }
  const tokenTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    checkTokens().finally(() => {
      checking = false;
    });
  }, sessionLivenessTtlMs);
  tokenTimer.unref();

  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const socket of sockets)
        if (now - socket.lastSeen > limits.idleTimeoutMs) socket.close(1000, 'heartbeat timeout');
    },
    Math.min(5000, Math.max(100, limits.idleTimeoutMs / 4)),
  );
  idleTimer.unref();

  function addressOf(req: IncomingMessage): string {
    const forwarded = req.headers['x-forwarded-for'];
    return rateLimitKey(
      resolveClientAddress(
        req.socket.remoteAddress,
        Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
        deps.trustProxy,
      ),
    );
  }

  function vsnOf(req: IncomingMessage): SerializerVersion | undefined {
    const vsn = new URL(req.url ?? '/', 'http://localhost').searchParams.get('vsn') ?? defaultSerializerVersion;
    return serializerVersions.find((v) => v === vsn);
  }

  const wss = new WebSocketServer({
    noServer: true,
    path: realtimePath,
    maxPayload: limits.maxPayloadBytes,
    clientTracking: false,
    perMessageDeflate: false,
    verifyClient(info: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) {
      const params = new URL(info.req.url ?? '/', 'http://localhost').searchParams;
      const apikey = params.get('apikey');
      if (!apikey) return done(false, 401, 'No API key found in request');
      if (!sameSecret(apikey, deps.anonKey)) return done(false, 401, 'Invalid API key');
      if (!vsnOf(info.req)) return done(false, 400, `vsn must be one of ${serializerVersions.join(', ')}`);
      if (sockets.size >= limits.maxSockets) return done(false, 503, 'Too many connections');
      if ((perAddress.get(addressOf(info.req)) ?? 0) >= limits.socketsPerAddress) {
        return done(false, 429, 'Too many connections from this address');
      }
      done(true);
    },
  });

  /**
   * Filter checks, remembered per table as the catalog last described it: a client joining 100
   * channels with the same 100 filters costs the database 100 checks, not 10,000.
   */
  const filterChecks = new WeakMap<PublishedTable, Map<string, Promise<string | undefined>>>();
  function checkFiltersOnce(table: PublishedTable, conditions: readonly FilterCondition[]) {
    const checked = filterChecks.get(table) ?? new Map<string, Promise<string | undefined>>();
    filterChecks.set(table, checked);
    const key = JSON.stringify(conditions);
    let answer = checked.get(key);
    if (answer === undefined) {
      // Bounded: filters are up to 1,000 characters each.
      if (checked.size >= 2000) checked.clear();
      answer = checkFilterValues(db, table, conditions);
      checked.set(key, answer);
      // A database that was away is asked again next time.
      answer.catch(() => checked.delete(key));
    }
    return answer;
  }

  function accept(ws: WebSocket, req: IncomingMessage): void {
    const address = addressOf(req);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    const socket = new RealtimeSocket(vsnOf(req) ?? defaultSerializerVersion, transportOf(ws), {
      identities,
      checkFilters: checkFiltersOnce,
      tables,
      feedLive: () => feed.live,
      allowJoin: () => deps.rateLimiter.hit('realtime-join', address, limits.joinsPerAddress),
      admit: (identity, subscriptions) => budget.admit(accountOf(identity, address), identity, subscriptions),
      retoken: (channel, identity) => budget.retoken(channel, identity),
      register: (channel) => {
        channels.add(channel);
        if (channel.auth.state === 'active') {
          budget.add(channel, accountOf(channel.auth.identity, address), channel.auth.identity);
        }
      },
      unregister: (channel) => {
        channels.delete(channel);
        budget.remove(channel);
      },
      nextSubscriptionId: () => {
        subscriptionIds += 1;
        return subscriptionIds;
      },
      limits,
      logger,
      now: Date.now,
    });
    sockets.add(socket);
    connections.set(socket, ws);
    ws.on('message', (data, isBinary) => {
      // realtime-js sends binary frames only for broadcasts, which this server does not serve.
      if (isBinary || !Buffer.isBuffer(data)) socket.close(1003, 'binary frames are not supported');
      else socket.receive(data.toString('utf8'));
    });
    // Oversized or malformed frames: ws closes the socket itself (1009, 1007) after this.
    ws.on('error', () => {});
    ws.once('close', () => {
      socket.closing();
      sockets.delete(socket);
      connections.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  }

  const attached: Server[] = [];
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    wss.handleUpgrade(req, socket, head, accept);
  };

  let closing: Promise<void> | undefined;
  return {
    attach(server) {
      server.on('upgrade', onUpgrade);
      attached.push(server);
    },
    sessionsEnded(userId) {
      void checkTokens((identity) => identity.claims.sub === userId);
    },
    get socketCount() {
      return sockets.size;
    },
    get channelCount() {
      return channels.size;
    },
    close() {
      closing ??= (async () => {
        clearInterval(tokenTimer);
        clearInterval(idleTimer);
        for (const server of attached) server.off('upgrade', onUpgrade);
        const open = [...connections.values()];
        const closed = Promise.all(open.map((ws) => new Promise((resolve) => ws.once('close', resolve))));
        for (const socket of sockets) socket.close(1001, 'server shutting down');
        await feed.close();
        // Clients answer the close at once; one that does not is not waited for long.
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
        for (const ws of connections.values()) ws.terminate();
        wss.close();
      })();
      return closing;
    },
  };
}
