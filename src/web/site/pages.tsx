/**
 * The site's pages by their English path (src/domain/routes.ts): what the renderer renders for an
 * address. Every language has the same pages under its prefix. The manage link's two pages are
 * rendered once each, as templates: their content depends on the secret in the address, so it is
 * an island rendered in the browser.
 */
import type { ComponentType } from 'react';
import { type BranchSlug, branchSlugs } from '../../domain/restaurant-profile.ts';
import { branchPath, paths } from '../../domain/routes.ts';
import { DataLinkPage } from './features/booking/data-link-island.tsx';
import { ManageBookingPage } from './features/booking/manage-booking-island.tsx';
import { BranchPage } from './features/branches/branch-page.tsx';
import { HomePage } from './features/home/home-page.tsx';
import { MenuPage } from './features/menu/menu-page.tsx';
import { NotFoundPage } from './features/not-found/not-found-page.tsx';
import { PrivacyPage } from './features/privacy/privacy-page.tsx';
import { ReservationPage } from './features/reservation/reservation-page.tsx';
import { templatePaths } from './page-kinds.ts';

const branchPages = Object.fromEntries(
  branchSlugs.map((slug: BranchSlug) => [
    branchPath(slug),
    function Branch() {
      return <BranchPage slug={slug} />;
    },
  ]),
);

const pages: Record<string, ComponentType> = {
  [paths.home]: HomePage,
  [paths.menu]: MenuPage,
  [paths.reservation]: ReservationPage,
  [paths.privacy]: PrivacyPage,
  ...branchPages,
  [templatePaths.manageBooking]: ManageBookingPage,
  [templatePaths.dataLink]: DataLinkPage,
};

/** The page at an English path; any other path is the 404 page. */
export function pageAt(path: string): ComponentType {
  return pages[path] ?? NotFoundPage;
}
