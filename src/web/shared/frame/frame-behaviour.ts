/**
 * The few things the header does with JavaScript, on top of its plain markup (header.tsx), for a
 * page that is static HTML: no React, one call per document. Without it every link still works
 * (a section link is a page load to /#section, the menu opens and closes as a popover).
 */
import { type HomeSection, homeSections, isLanguage, paths, splitLanguage } from '../../../domain/routes.ts';
import { rememberLanguage } from '../i18n/language-memory.ts';
import { scrollAfterNavigationMs, scrollToSection } from './section-scroll.ts';

const enhanced = new WeakSet<Document>();

function isHomeSection(value: string | undefined): value is HomeSection {
  return (homeSections as readonly string[]).includes(value ?? '');
}

/** A click the browser should handle itself: another button, a new tab or window, a download. */
function isSpecialClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download')
  );
}

/** The home page's section a link leads to on this very page, if it does. */
function sectionOnThisPage(link: HTMLAnchorElement, location: Location): HomeSection | undefined {
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return undefined;
  const section = link.dataset.section ?? url.hash.slice(1);
  return isHomeSection(section) ? section : undefined;
}

function isOpen(menu: HTMLElement): boolean {
  try {
    return menu.matches(':popover-open');
  } catch {
    // A browser without the Popover API: the menu cannot be open.
    return false;
  }
}

export function enhanceFrame(doc: Document = document): void {
  const win = doc.defaultView;
  if (!win || enhanced.has(doc)) return;
  enhanced.add(doc);
  const onHome = splitLanguage(win.location.pathname).path === paths.home;

  // (a) The menu button says whether the menu is open. `toggle` does not bubble: listen while it
  // travels down to the menu, so a menu re-rendered since is followed too.
  const toggleFor = (menu: Element) => doc.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(menu.id)}"]`);
  const menuOf = (toggle: HTMLElement) => doc.getElementById(toggle.getAttribute('popovertarget') ?? '');
  for (const toggle of doc.querySelectorAll<HTMLElement>('header [popovertarget]')) {
    const menu = menuOf(toggle);
    toggle.setAttribute('aria-expanded', String(menu !== null && isOpen(menu)));
  }
  doc.addEventListener(
    'toggle',
    (event) => {
      const menu = event.target;
      if (!(menu instanceof win.HTMLElement) || !menu.id) return;
      const toggle = toggleFor(menu);
      if (toggle?.closest('header')) toggle.setAttribute('aria-expanded', String(isOpen(menu)));
    },
    true,
  );

  // From 1024 px the links are inline: a menu left open on a narrower window closes.
  win.matchMedia('(min-width: 64rem)').addEventListener('change', (event) => {
    if (!event.matches) return;
    for (const toggle of doc.querySelectorAll<HTMLElement>('header [popovertarget]')) {
      const menu = menuOf(toggle);
      if (menu && isOpen(menu)) menu.hidePopover();
    }
  });

  doc.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof win.Element)) return;
    // A button that leads to a section of this page (the specials' Order Now → the booking form).
    const scroller = target.closest<HTMLElement>('button[data-scroll-to]');
    const scrollTo = scroller?.dataset.scrollTo;
    if (isHomeSection(scrollTo)) {
      scrollToSection(scrollTo);
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[href]');
    if (!link) return;

    // (b) An item chosen from the open menu closes it.
    const menu = link.closest<HTMLElement>('header [popover]');
    if (menu && isOpen(menu)) menu.hidePopover();

    // (e) The language switch: remembered for the next visit, and the page's query and section
    // go along (the link was rendered from the path alone).
    const language = link.dataset.language;
    if (isLanguage(language)) {
      rememberLanguage(language);
      const url = new URL(link.href, win.location.href);
      url.search = win.location.search;
      url.hash = win.location.hash;
      link.href = url.href;
      return;
    }

    // (c) On the home page a section link scrolls there, smoothly, without a new history entry
    // (a component that handled the click itself has the last word).
    if (!onHome || event.defaultPrevented || isSpecialClick(event, link)) return;
    const section = sectionOnThisPage(link, win.location);
    if (!section) return;
    event.preventDefault();
    scrollToSection(section);
  });

  // (d) Arrived from another page at /#section: the section, after the page has settled.
  const arrivedAt = win.location.hash.slice(1);
  if (onHome && isHomeSection(arrivedAt)) scrollToSection(arrivedAt, scrollAfterNavigationMs);
}
