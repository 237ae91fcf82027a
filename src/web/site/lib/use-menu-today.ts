/**
 * Today's specials and each branch's sold-out dishes (src/domain/menu-today.ts): from the page
 * when the server rendered it with them, otherwise fetched once `wanted` (a page reached by a
 * link inside the app, or the menu page once a branch is chosen).
 */
import { useEffect, useState } from 'react';
import { type MenuToday, menuTodayPath, parseMenuToday } from '../../../domain/menu-today.ts';
import { pageData } from '../page-data.ts';

export function useMenuToday(wanted: boolean): MenuToday | undefined {
  const [today, setToday] = useState(() => parseMenuToday(pageData('today')));
  const missing = wanted && !today;
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    fetch(menuTodayPath, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`GET ${menuTodayPath} answered ${response.status}`);
        return response.json();
      })
      .then((value: unknown) => {
        const parsed = parseMenuToday(value);
        if (!parsed) throw new Error(`${menuTodayPath} has an unexpected shape`);
        setToday(parsed);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Could not load today's menu:", error);
      });
    return () => controller.abort();
  }, [missing]);
  return today;
}
