/**
 * Entrances on scroll, for static pages: no React. An element marked `data-reveal` plays its
 * entrance (CSS, keyed on `data-revealed="entering"`) when it first scrolls into view. Without
 * this script nothing is hidden: the CSS hides a waiting element only under
 * html[data-reveal-ready], which is set here, after the elements already on screen are marked
 * `data-revealed="shown"` (they stay as they are, with no entrance). Nothing moves for visitors
 * who prefer reduced motion.
 */

const observed = new WeakSet<Element>();

function inView(element: Element, win: Window): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < win.innerHeight && box.right > 0 && box.left < win.innerWidth;
}

export function revealOnScroll(doc: Document = document): void {
  const win = doc.defaultView;
  if (!win || typeof win.IntersectionObserver !== 'function') return;
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const observer = new win.IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      entry.target.setAttribute('data-revealed', 'entering');
      observer.unobserve(entry.target);
    }
  });
  for (const element of doc.querySelectorAll('[data-reveal]')) {
    if (observed.has(element) || element.hasAttribute('data-revealed')) continue;
    observed.add(element);
    if (inView(element, win)) element.setAttribute('data-revealed', 'shown');
    else observer.observe(element);
  }
  doc.documentElement.setAttribute('data-reveal-ready', '');
}
