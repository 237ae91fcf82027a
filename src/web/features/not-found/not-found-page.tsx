import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../domain/routes.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    // The spec asks for unknown routes to be logged.
    console.error(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <Link to={paths.home}>{t('notFound.returnHome')}</Link>
    </section>
  );
}
