/**
 * The menu the island shows: a failure of call 7 (menu-call.ts) is logged and leaves the menu
 * empty (spec §8). A page the server rendered with the menu starts from the data it was rendered
 * with (so it hydrates as it arrived); call 7's answer then rules, and the list is rendered again
 * only if the answer differs.
 */
import { startTransition, useEffect, useState } from 'react';
import { type Menu, translateMenu } from '../../../../domain/menu.ts';
import type { Language } from '../../../../domain/routes.ts';
import { callMenu, type MenuSource, renderedSource, sameSource } from './menu-call.ts';

export type MenuState = {
  status: 'loading' | 'ready';
  /** The data as received, to tell whether call 7's answer changes anything. */
  source?: MenuSource;
  menu: Menu;
  /** A category's name to show (the data's key stays the filter's value). */
  categoryName: (category: string) => string;
};

const sameName = (category: string) => category;

function ready(source: MenuSource): MenuState {
  const { menu, translation } = source;
  return {
    status: 'ready',
    source,
    menu: translation ? translateMenu(menu, translation) : menu,
    categoryName: translation ? (category) => translation.categories[category] ?? category : sameName,
  };
}

/** The menu the page was rendered with, in this language; loading when it has none. */
function renderedWith(language: Language): MenuState {
  const source = renderedSource(language);
  return source ? ready(source) : { status: 'loading', menu: {}, categoryName: sameName };
}

export function useMenu(language: Language): MenuState {
  const [state, setState] = useState<MenuState>(() => renderedWith(language));
  useEffect(() => {
    let current = true;
    callMenu(language).then(
      // Usually the page's own data again: keeping the state then spares re-rendering the whole
      // list, a long task (issue 20, item 10). A change is rendered as a transition, which
      // yields to the browser between dishes rather than blocking it.
      (answer) => {
        if (current)
          startTransition(() => setState((shown) => (sameSource(shown.source, answer) ? shown : ready(answer))));
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not load the menu:', error);
        setState({ status: 'ready', menu: {}, categoryName: sameName });
      },
    );
    return () => {
      current = false;
    };
  }, [language]);
  return state;
}
