/**
 * One client's socket, speaking Phoenix channels as realtime-js expects of Supabase Realtime:
 * heartbeats on topic `phoenix`; `phx_join` on `realtime:<name>` with the postgres_changes
 * subscriptions (answered with their ids, then a `system` message "Subscribed to PostgreSQL");
 * `access_token` to change the token of a live channel; `phx_leave`. Messages are handled one at a
 * time in the order they came. A frame that is not a message closes the socket (1007); a message
 * this server cannot honour is answered with an error reply, never ignored.
 */
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { type FilterCondition, parseFilter } from './filters.ts';
import {
  decodeFrame,
  encodeChange,
  encodeMessage,
  encodeReply,
  events,
  type PhoenixMessage,
  phoenixTopic,
  type SerializerVersion,
} from './phoenix-protocol.ts';
import type { PublishedTable, PublishedTables } from './published-tables.ts';
import type { Identity, SubscriberIdentities } from './subscriber-identity.ts';

/** What the socket writes to: a WebSocket, in the server. */
export interface Transport {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Drops the connection without a closing handshake (a client that stopped reading). */
  terminate(): void;
  /** Bytes queued for the client and not yet sent. */
  readonly bufferedAmount: number;
}

export interface SocketLimits {
  /** Channels one socket may have joined at once. */
  channelsPerSocket: number;
  /** postgres_changes subscriptions in one join. */
  subscriptionsPerJoin: number;
  /**
   * Distinct postgres_changes filters (schema, table and conditions), and distinct access tokens,
   * one account may hold at once across all its channels and sockets: what one change costs the
   * database grows with them.
   */
  filtersPerAccount: number;
  tokensPerAccount: number;
  /** Messages a socket may send in a burst, and refilled per second after it. */
  messageBurst: number;
  messagesPerSecond: number;
  /** Bytes queued for a client that does not read before it is dropped. */
  maxBufferedBytes: number;
}

export type ChangeEventType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Subscription {
  /** The id the join reply gave it: pushes name the subscriptions they match by these. */
  id: number;
  event: '*' | ChangeEventType;
  schema: string;
  /** Undefined: every published table of the schema (or of every schema, for `*`). */
  table: string | undefined;
  conditions: FilterCondition[];
  /** The conditions as JSON, made once: what groups identical filters at every change. */
  conditionsKey: string;
}

export type ChannelAuth =
  | { state: 'active'; identity: Identity; expiryNoticeSent: boolean }
  /** The client sent an expired token: nothing is delivered until a fresh one arrives. */
  | { state: 'expired' };

export interface SocketContext {
  identities: SubscriberIdentities;
  tables: PublishedTables;
  /** Whether filter values fit their columns' types (undefined) or what is wrong. */
  checkFilters(table: PublishedTable, conditions: readonly FilterCondition[]): Promise<string | undefined>;
  /** False while the change feed is reconnecting: joins wait for it. */
  feedLive(): boolean;
  /** The per-address join limit. */
  allowJoin(): Promise<{ allowed: boolean; retryAfter: number }>;
  /**
   * Whether the account behind `identity` may hold a channel with this token and `subscriptions`
   * on top of what its channels already hold (undefined), or why not. Asked just before the
   * channel is registered.
   */
  admit(identity: Identity, subscriptions: readonly Subscription[]): string | undefined;
  /** The same for a live channel given another token: undefined when it may listen with it. */
  retoken(channel: Channel, identity: Identity): string | undefined;
  register(channel: Channel): void;
  unregister(channel: Channel): void;
  nextSubscriptionId(): number;
  limits: SocketLimits;
  logger: Logger;
  now(): number;
}

const joinSchema = z.object({
  config: z
    .object({
      postgres_changes: z
        .array(
          z.object({
            event: z.string().max(16),
            schema: z.string().min(1).max(63),
            table: z.string().min(1).max(63).optional(),
            filter: z.string().max(2000).optional(),
            select: z.array(z.string()).optional(),
          }),
        )
        .optional(),
      private: z.boolean().optional(),
    })
    .optional(),
  access_token: z.string().max(16_384).nullable().optional(),
});

const accessTokenSchema = z.object({ access_token: z.string().max(16_384).nullable().optional() });

/** A client asking to hear when changes can flow (realtime-js's `replication_ready`). */
const replicationReadySchema = z.object({
  config: z.object({ broadcast: z.object({ replication_ready: z.literal(true) }) }),
});

const changeEvents = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;

export class JoinRefused extends Error {
  override name = 'JoinRefused';
}

/** One joined channel of a socket: what it listens to and as whom. */
export class Channel {
  auth: ChannelAuth;
  readonly socket: RealtimeSocket;
  readonly topic: string;
  readonly joinRef: string | null;
  readonly subscriptions: Subscription[];
  constructor(
    socket: RealtimeSocket,
    topic: string,
    joinRef: string | null,
    identity: Identity,
    subscriptions: Subscription[],
  ) {
    this.socket = socket;
    this.topic = topic;
    this.joinRef = joinRef;
    this.auth = { state: 'active', identity, expiryNoticeSent: false };
    this.subscriptions = subscriptions;
  }

  /** The name after `realtime:`, as system messages carry it. */
  get name(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  push(event: string, payload: Record<string, unknown>): void {
    this.socket.send(
      encodeMessage(this.socket.vsn, { joinRef: this.joinRef, ref: null, topic: this.topic, event, payload }),
    );
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.push(events.system, { channel: this.name, extension, status, message });
  }

  sendChange(ids: readonly number[], dataJson: string): void {
    this.socket.send(encodeChange(this.socket.vsn, this.joinRef, this.topic, ids, dataJson));
  }

  /**
   * Changes may have been missed: the client sees the channel fail and joins again (realtime-js
   * does so by itself), and the page reads afresh.
   */
  fail(): void {
    this.socket.dropChannel(this);
    this.push(events.error, {});
  }

  /** Ends the channel for good, saying why: realtime-js reports it CLOSED and does not rejoin. */
  end(reason: string): void {
    this.socket.dropChannel(this);
    this.system('system', 'error', reason);
    this.push(events.close, {});
  }
}

export class RealtimeSocket {
  readonly channels = new Map<string, Channel>();
  lastSeen: number;
  private tokens: number;
  private refilledAt: number;
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  readonly vsn: SerializerVersion;
  private readonly transport: Transport;
  private readonly context: SocketContext;

  constructor(vsn: SerializerVersion, transport: Transport, context: SocketContext) {
    this.vsn = vsn;
    this.transport = transport;
    this.context = context;
    this.lastSeen = context.now();
    this.tokens = context.limits.messageBurst;
    this.refilledAt = this.lastSeen;
  }

  send(text: string): void {
    if (this.closed) return;
    if (this.transport.bufferedAmount > this.context.limits.maxBufferedBytes) {
      this.context.logger.debug('realtime: dropped a socket that stopped reading');
      this.transport.terminate();
      this.closing();
      return;
    }
    this.transport.send(text);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.transport.close(code, reason);
    this.closing();
  }

  /** The connection ended (either side): its channels stop listening. */
  closing(): void {
    this.closed = true;
    for (const channel of this.channels.values()) this.context.unregister(channel);
    this.channels.clear();
  }

  dropChannel(channel: Channel): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.channels.delete(channel.topic);
    this.context.unregister(channel);
  }

  /** A text frame from the client. */
  receive(text: string): void {
    if (this.closed) return;
    const now = this.context.now();
    this.lastSeen = now;
    const { messageBurst, messagesPerSecond } = this.context.limits;
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.refilledAt) / 1000) * messagesPerSecond);
    this.refilledAt = now;
    if (this.tokens < 1) {
      this.close(1008, 'too many messages');
      return;
    }
    this.tokens -= 1;
    const decoded = decodeFrame(this.vsn, text);
    if (!decoded.ok) {
      this.close(1007, decoded.reason);
      return;
    }
    const message = decoded.message;
    this.work = this.work
      .then(() => (this.closed ? undefined : this.handle(message)))
      .catch((error: unknown) => {
        this.context.logger.error(
          { err: { name: error instanceof Error ? error.name : typeof error } },
          'realtime: a message could not be handled',
        );
        this.reply(message, 'error', { reason: 'the server could not handle this message, try again' });
      });
  }

  private reply(to: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send(encodeReply(this.vsn, to, status, response));
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (message.topic === phoenixTopic) {
      if (message.event === events.heartbeat) this.reply(message, 'ok', {});
      else this.reply(message, 'error', { reason: 'unknown event' });
      return;
    }
    const channel = this.channels.get(message.topic);
    switch (message.event) {
      case events.join:
        return this.join(message);
      case events.leave:
        if (channel && (message.joinRef === null || message.joinRef === channel.joinRef)) {
          this.dropChannel(channel);
          this.reply(message, 'ok', {});
          channel.push(events.close, {});
        } else {
          this.reply(message, 'ok', {});
        }
        return;
      case events.accessToken:
        if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' });
        return this.accessToken(channel, message);
      default:
        if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' });
        // Broadcast and presence are not served here: say so rather than drop the message.
        return this.reply(message, 'error', { reason: `${message.event} is not supported by this server` });
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const refuse = (reason: string) => this.reply(message, 'error', { reason });
    if (!message.topic.startsWith('realtime:')) return refuse('unmatched topic');
    const parsed = joinSchema.safeParse(message.payload);
    if (!parsed.success) return refuse('malformed join payload');
    const config = parsed.data.config ?? {};
    if (config.private) return refuse('private channels are not supported by this server');
    const requested = config.postgres_changes ?? [];
    const { limits } = this.context;
    if (requested.length > limits.subscriptionsPerJoin) {
      return refuse(`at most ${limits.subscriptionsPerJoin} postgres_changes subscriptions per channel`);
    }
    if (!this.channels.has(message.topic) && this.channels.size >= limits.channelsPerSocket) {
      return refuse(`at most ${limits.channelsPerSocket} channels per connection`);
    }
    const allowed = await this.context.allowJoin();
    if (!allowed.allowed) return refuse(`too many joins from this address, try again in ${allowed.retryAfter} s`);
    if (requested.length > 0 && !this.context.feedLive()) {
      return refuse('the server is reconnecting to the database, try again shortly');
    }

    const who = await this.context.identities.identify(parsed.data.access_token);
    if (!who.ok) return refuse(who.message);

    let subscriptions: Subscription[];
    try {
      subscriptions = await Promise.all(requested.map((entry) => this.subscription(entry)));
    } catch (error) {
      if (error instanceof JoinRefused) return refuse(error.message);
      throw error;
    }
    if (this.closed) return;
    // Checked here, with nothing awaited before the channel is registered: two joins of one
    // account on two sockets cannot both pass on the same room.
    const overCap = this.context.admit(who.identity, subscriptions);
    if (overCap) return refuse(overCap);

    // A second join of a topic replaces the first, as Phoenix does.
    const previous = this.channels.get(message.topic);
    if (previous) {
      this.dropChannel(previous);
      previous.push(events.close, {});
    }
    const channel = new Channel(this, message.topic, message.joinRef, who.identity, subscriptions);
    this.channels.set(message.topic, channel);
    this.context.register(channel);
    this.reply(message, 'ok', {
      postgres_changes: requested.map((entry, i) => ({
        id: subscriptions[i]?.id,
        event: entry.event,
        schema: entry.schema,
        ...(entry.table !== undefined ? { table: entry.table } : {}),
        ...(entry.filter !== undefined ? { filter: entry.filter } : {}),
      })),
    });
    if (subscriptions.length > 0) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    if (replicationReadySchema.safeParse(message.payload).success) {
      channel.system('system', 'ok', 'Replication connection established');
    }
  }

  /** Checks one requested subscription against the published tables; throws JoinRefused. */
  private async subscription(entry: {
    event: string;
    schema: string;
    table?: string;
    filter?: string;
    select?: string[];
  }): Promise<Subscription> {
    const event = changeEvents.find((e) => e === entry.event.toUpperCase());
    if (!event) throw new JoinRefused(`event must be one of ${changeEvents.join(', ')}`);
    if (entry.select !== undefined) throw new JoinRefused('select is not supported by this server');
    const table = entry.table === undefined || entry.table === '*' ? undefined : entry.table;
    const described = `[schema: ${entry.schema}, table: ${entry.table ?? '*'}, filter: ${entry.filter ?? ''}]`;
    if (table === undefined) {
      if (entry.filter) throw new JoinRefused(`a filter needs a table ${described}`);
      const published = await this.context.tables.all();
      if (!published.some((t) => entry.schema === '*' || t.schema === entry.schema)) {
        throw new JoinRefused(`no table of that schema publishes its changes ${described}`);
      }
      return {
        id: this.context.nextSubscriptionId(),
        event,
        schema: entry.schema,
        table,
        conditions: [],
        conditionsKey: '[]',
      };
    }
    const published =
      entry.schema === '*'
        ? (await this.context.tables.all()).find((t) => t.name === table)
        : await this.context.tables.get(entry.schema, table);
    if (!published) throw new JoinRefused(`this table does not publish its changes ${described}`);
    let conditions: FilterCondition[] = [];
    if (entry.filter) {
      const filter = parseFilter(entry.filter);
      if (!filter.ok) throw new JoinRefused(`${filter.message} ${described}`);
      conditions = filter.conditions;
      const problem = await this.context.checkFilters(published, conditions);
      if (problem) throw new JoinRefused(`${problem} ${described}`);
    }
    return {
      id: this.context.nextSubscriptionId(),
      event,
      schema: entry.schema,
      table,
      conditions,
      conditionsKey: JSON.stringify(conditions),
    };
  }

  private async accessToken(channel: Channel, message: PhoenixMessage): Promise<void> {
    const parsed = accessTokenSchema.safeParse(message.payload);
    if (!parsed.success) return this.reply(message, 'error', { reason: 'malformed access_token payload' });
    const who = await this.context.identities.identify(parsed.data.access_token);
    if (this.channels.get(channel.topic) !== channel) return;
    if (who.ok) {
      const overCap = this.context.retoken(channel, who.identity);
      if (overCap) {
        this.reply(message, 'error', { reason: overCap });
        return channel.end(overCap);
      }
      const wasHeldBack = channel.auth.state === 'expired' || channel.auth.identity.expiresAt <= this.context.now();
      channel.auth = { state: 'active', identity: who.identity, expiryNoticeSent: false };
      this.reply(message, 'ok', {});
      if (wasHeldBack) channel.system('system', 'ok', 'Token accepted: changes are sent again');
      return;
    }
    this.reply(message, 'error', { reason: who.message });
    if (who.reason === 'expired') {
      channel.auth = { state: 'expired' };
      channel.system('system', 'error', 'Token has expired: no changes are sent until a fresh access_token arrives');
      return;
    }
    channel.end(who.message);
  }
}
