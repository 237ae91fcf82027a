/** Scrolling to a section of the home page, smoothly unless the visitor prefers reduced motion. */
import type { HomeSection } from '../../../domain/routes.ts';

/** After navigating to the home page, wait about this long before scrolling (spec §9). */
export const scrollAfterNavigationMs = 100;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the section into view and moves keyboard focus to it, so the next Tab continues there.
 * After a navigation the home page may still be loading: look again for up to two seconds.
 */
export function scrollToSection(id: HomeSection, delayMs = 0): void {
  const attempt = (triesLeft: number) => {
    const section = document.getElementById(id);
    if (!section) {
      if (triesLeft > 0) window.setTimeout(() => attempt(triesLeft - 1), 50);
      return;
    }
    // Already working inside it (say, typing in the form before the page's code arrived): stay.
    const focused = document.activeElement;
    if (focused !== section && section.contains(focused)) return;
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };
  window.setTimeout(() => attempt(40), delayMs);
}
