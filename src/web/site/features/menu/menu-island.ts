import { defineIsland, noProps } from '../../islands/island.tsx';
import { MenuBrowser } from './menu-browser.tsx';

export const menuIsland = defineIsland({ name: 'menu', Component: MenuBrowser, namespaces: ['menu'], props: noProps });
