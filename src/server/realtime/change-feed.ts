/**
 * Where changes come from: the NOTIFYs the database sends for every statement that changes a
 * published table (private.publish_changes(), see the migration), heard through the Database's
 * listen — a connection of its own on PostgreSQL, the worker's listener on PGlite. Changes are
 * handed on one at a time, in the order the database sent them, so an insert is never delivered
 * after the update that followed it.
 */
import { z } from 'zod';
import type { Database, Listening } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** The NOTIFY channel the migration's trigger function sends on. */
export const changesChannel = 'realtime_changes';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeEvent {
  schema: string;
  table: string;
  type: ChangeType;
  /** When the statement ran (ISO 8601, UTC). */
  commitTimestamp: string;
  /** The changed rows' primary keys, as text. */
  keys: string[];
}

const notificationSchema = z.object({
  schema: z.string().min(1).max(63),
  table: z.string().min(1).max(63),
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  commit_timestamp: z.string().max(64),
  ids: z.array(z.string().max(64)).min(1).max(1000),
});

export interface ChangeFeedHandlers {
  change(event: ChangeEvent): Promise<void>;
  /** Changes may have been missed: listening was lost, or too many waited. */
  gap(): void;
  /** Listening again after a gap caused by a lost connection. */
  resumed(): void;
}

export interface ChangeFeed {
  /** False while listening is lost: a subscriber joining now could miss changes unannounced. */
  readonly live: boolean;
  close(): Promise<void>;
}

export async function startChangeFeed(
  db: Database,
  handlers: ChangeFeedHandlers,
  options: { logger: Logger; maxQueue?: number },
): Promise<ChangeFeed> {
  const maxQueue = options.maxQueue ?? 1000;
  const queue: ChangeEvent[] = [];
  let draining = false;
  let live = true;
  let closed = false;

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      for (let event = queue.shift(); event && !closed; event = queue.shift()) {
        try {
          await handlers.change(event);
        } catch (error) {
          options.logger.error(
            { err: { name: error instanceof Error ? error.name : typeof error } },
            'realtime: a change could not be delivered',
          );
        }
      }
    } finally {
      draining = false;
    }
  }

  const listening: Listening = await db.listen(changesChannel, {
    notification(payload) {
      let parsed: z.infer<typeof notificationSchema>;
      try {
        parsed = notificationSchema.parse(JSON.parse(payload));
      } catch {
        // Anyone who may connect to the database may NOTIFY on this channel too.
        options.logger.warn('realtime: ignored a notification that is not a change');
        return;
      }
      if (queue.length >= maxQueue) {
        // Far behind: drop what waits and have every subscriber catch up by reading afresh.
        queue.length = 0;
        options.logger.warn({ maxQueue }, 'realtime: too many changes waiting; subscribers were told to catch up');
        handlers.gap();
        return;
      }
      queue.push({
        schema: parsed.schema,
        table: parsed.table,
        type: parsed.type,
        commitTimestamp: parsed.commit_timestamp,
        keys: parsed.ids,
      });
      void drain();
    },
    lost() {
      live = false;
      options.logger.warn('realtime: lost the database connection that listens for changes; reconnecting');
      handlers.gap();
    },
    resumed() {
      live = true;
      options.logger.info('realtime: listening for changes again');
      handlers.resumed();
    },
  });

  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      queue.length = 0;
      await listening.close();
    },
  };
}
