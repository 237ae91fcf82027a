/**
 * The menu snapshot the public pages and /data files are served from, kept in memory and read
 * again from the database once it is older than `maxAgeMs` (or a sold-out mark lifts, or the
 * date changes): an owner's change is visible within about a second, on either database and
 * from any writer (REST, SQL, another server), at one small query set per second at most.
 */
import type { Queryable } from '../db/database.ts';
import { loadMenuSnapshot, type MenuSnapshot } from './menu-snapshot.ts';

/** How old a snapshot may be when served; the promise is five seconds. */
export const menuMaxAgeMs = 1000;

export interface MenuSource {
  current(): Promise<MenuSnapshot>;
}

export function createMenuSource(db: Queryable, options: { maxAgeMs?: number; now?: () => number } = {}): MenuSource {
  const maxAgeMs = options.maxAgeMs ?? menuMaxAgeMs;
  const now = options.now ?? Date.now;
  let held: { snapshot: MenuSnapshot; loadedAt: number } | undefined;
  let loading: Promise<MenuSnapshot> | undefined;

  const load = () => {
    loading ??= loadMenuSnapshot(db).then(
      (snapshot) => {
        held = { snapshot, loadedAt: now() };
        loading = undefined;
        return snapshot;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  return {
    current() {
      const at = now();
      if (held && at - held.loadedAt < maxAgeMs && at < held.snapshot.expiresAt) return Promise.resolve(held.snapshot);
      return load();
    },
  };
}
