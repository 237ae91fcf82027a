/** Call 7: GET /data/menu.json, validated. A failure is logged and leaves the menu empty (spec §8). */
import { useEffect, useState } from 'react';
import { type Menu, menuDataPath, menuSchema } from '../../../domain/menu.ts';
import '../../lib/zod-jitless.ts';

export type MenuState = { status: 'loading'; menu: Menu } | { status: 'ready'; menu: Menu };

export async function fetchMenu(signal?: AbortSignal): Promise<Menu> {
  const response = await fetch(menuDataPath, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET ${menuDataPath} answered ${response.status}`);
  return menuSchema.parse(await response.json());
}

export function useMenu(): MenuState {
  const [state, setState] = useState<MenuState>({ status: 'loading', menu: {} });
  useEffect(() => {
    const controller = new AbortController();
    fetchMenu(controller.signal).then(
      (menu) => setState({ status: 'ready', menu }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the menu:', error);
        setState({ status: 'ready', menu: {} });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
