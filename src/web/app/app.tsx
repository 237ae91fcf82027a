import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';

/** The routes, under whichever router the caller provides (the browser's, or a static one when prerendering). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  // Marks the page interactive once React has taken over the prerendered HTML (hydration is a
  // transition, after the screen's code has loaded): end-to-end tests that drive the router
  // directly, and anyone measuring, wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
