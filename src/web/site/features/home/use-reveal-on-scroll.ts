/**
 * Cards that animate in when they scroll into view. 'shown': already on screen when the page
 * hydrated (or no IntersectionObserver), so nothing hides; 'waiting': off screen, hidden until
 * it arrives; 'revealing': playing the entrance. Prerendered HTML has no state: it shows the cards.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

export type RevealState = 'shown' | 'waiting' | 'revealing';

export function useRevealOnScroll<T extends HTMLElement>(): [RefObject<T | null>, RevealState | undefined] {
  const ref = useRef<T>(null);
  const [state, setState] = useState<RevealState | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let first = true;
    const observer = new IntersectionObserver(([entry]) => {
      const visible = entry?.isIntersecting ?? false;
      if (first) {
        first = false;
        setState(visible ? 'shown' : 'waiting');
        if (visible) observer.disconnect();
        return;
      }
      if (visible) {
        setState('revealing');
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, state];
}
