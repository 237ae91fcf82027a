import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { ToastHost } from '../../../shared/lib/toaster.tsx';
import { defineIsland, Island, noProps } from '../../islands/island.tsx';
import { DataLink } from './data-link-page.tsx';

function DataLinkIsland() {
  return (
    <>
      <DataLink />
      <ToastHost />
    </>
  );
}

export const dataLinkIsland = defineIsland({
  name: 'data-link',
  Component: DataLinkIsland,
  namespaces: ['booking', 'availability'],
  props: noProps,
});

/**
 * The page, rendered once as a template for every secret: its first state (loading) is the same
 * for all, so the island hydrates it and then looks the secret up.
 */
export function DataLinkPage() {
  const { t } = useTranslation('booking');
  // The page's own path, not the token's: titles and sharing tags never carry the link.
  usePageMeta({ title: t('dataLink.metaTitle'), description: t('dataLink.metaDescription'), path: '/booking' });
  return <Island island={dataLinkIsland} props={{}} when="load" />;
}
