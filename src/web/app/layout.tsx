import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { paths } from '../../domain/routes.ts';

export function Layout() {
  const { t } = useTranslation();
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to={paths.home}>{t('nav.home')}</Link> <Link to={paths.menu}>{t('nav.menu')}</Link>{' '}
          <Link to={paths.reservation}>{t('nav.bookTable')}</Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
