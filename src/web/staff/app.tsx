import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';

function StaffRoutes() {
  return useRoutes(routes);
}

export function StaffApp() {
  // Marks the app rendered, for end-to-end tests and anyone measuring.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <BrowserRouter>
      <StaffRoutes />
    </BrowserRouter>
  );
}
