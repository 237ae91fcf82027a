/**
 * Pages change with a fade and slide of 0.3 s (CSS, see layout.module.css; none for visitors who
 * prefer reduced motion). The first page is not animated, so its prerendered content paints at once.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import styles from './layout.module.css';

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const navigated = pathname !== firstPath.current || firstPath.current === '';

  useEffect(() => {
    if (firstPath.current === pathname) return;
    // Another page: it opens at its top (a section link then scrolls on from there).
    firstPath.current = '';
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div key={pathname} className={navigated ? styles.enter : undefined}>
      {children}
    </div>
  );
}
