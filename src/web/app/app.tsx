import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';

/** The routes, under whichever router the caller provides (the browser's, or a static one when prerendering). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
