/**
 * The wire format of Phoenix channels as realtime-js speaks it (the phoenix client inside
 * @supabase/realtime-js): every text frame is one message of join_ref, ref, topic, event and
 * payload — a JSON array in that order with serializer 2.0.0 (realtime-js's default), a JSON object
 * with those keys with 1.0.0. Replies are `phx_reply` with {status, response}. This module only
 * reads and writes frames; what a message means is realtime-socket.ts's business.
 */
import { z } from 'zod';
import { findJsonFault } from '../http/json-limits.ts';

export const serializerVersions = ['1.0.0', '2.0.0'] as const;
export type SerializerVersion = (typeof serializerVersions)[number];

/** Phoenix's own default when the client names none. */
export const defaultSerializerVersion: SerializerVersion = '1.0.0';

export const events = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  system: 'system',
  postgresChanges: 'postgres_changes',
} as const;

/** The socket-level topic of heartbeats. */
export const phoenixTopic = 'phoenix';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const ref = z.string().max(64).nullable().optional();
const topic = z.string().min(1).max(255);
const event = z.string().min(1).max(64);
const payload = z.record(z.string(), z.unknown());

const arrayFrame = z.tuple([ref, ref, topic, event, payload]);
const objectFrame = z.object({ join_ref: ref, ref, topic, event, payload });

export type DecodedFrame = { ok: true; message: PhoenixMessage } | { ok: false; reason: string };

export function decodeFrame(vsn: SerializerVersion, text: string): DecodedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the frame is not JSON' };
  }
  const fault = findJsonFault(value);
  if (fault) return { ok: false, reason: fault === 'too-deep' ? 'the frame nests too deeply' : 'the frame holds NUL' };
  if (vsn === '2.0.0') {
    const frame = arrayFrame.safeParse(value);
    if (!frame.success) return { ok: false, reason: 'expected [join_ref, ref, topic, event, payload]' };
    const [joinRef, messageRef, messageTopic, messageEvent, messagePayload] = frame.data;
    return {
      ok: true,
      message: {
        joinRef: joinRef ?? null,
        ref: messageRef ?? null,
        topic: messageTopic,
        event: messageEvent,
        payload: messagePayload,
      },
    };
  }
  const frame = objectFrame.safeParse(value);
  if (!frame.success) return { ok: false, reason: 'expected {topic, event, payload, ref, join_ref}' };
  return {
    ok: true,
    message: {
      joinRef: frame.data.join_ref ?? null,
      ref: frame.data.ref ?? null,
      topic: frame.data.topic,
      event: frame.data.event,
      payload: frame.data.payload,
    },
  };
}

/**
 * One frame. `payloadJson` is the payload already written as JSON: a change is encoded once and
 * sent on many channels, each with its own topic and join_ref.
 */
function frame(
  vsn: SerializerVersion,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  return `{"join_ref":${JSON.stringify(joinRef)},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`;
}

export function encodeMessage(vsn: SerializerVersion, message: PhoenixMessage): string {
  return frame(vsn, message.joinRef, message.ref, message.topic, message.event, JSON.stringify(message.payload));
}

export function encodeReply(
  vsn: SerializerVersion,
  to: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): string {
  return encodeMessage(vsn, {
    joinRef: to.joinRef,
    ref: to.ref,
    topic: to.topic,
    event: events.reply,
    payload: { status, response },
  });
}

/**
 * A postgres_changes push: `ids` are the channel's subscriptions this change matches (realtime-js
 * calls the callbacks of exactly those), `dataJson` the change as written by `changeData`.
 */
export function encodeChange(
  vsn: SerializerVersion,
  joinRef: string | null,
  topic: string,
  ids: readonly number[],
  dataJson: string,
): string {
  return frame(vsn, joinRef, null, topic, events.postgresChanges, `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
}

export interface ChangeColumn {
  name: string;
  /** PostgreSQL's type name (int8, text, bool…): realtime-js converts values by it. */
  type: string;
}

/** The `data` of a postgres_changes push, as hosted Realtime writes it. */
export function changeData(change: {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commitTimestamp: string;
  columns: readonly ChangeColumn[];
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
}): string {
  return JSON.stringify({
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: change.columns,
    ...(change.record ? { record: change.record } : {}),
    ...(change.oldRecord ? { old_record: change.oldRecord } : {}),
    errors: null,
  });
}
