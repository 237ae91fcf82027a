/**
 * The staff app's frame, its own and never the public site's: a compact app bar (the restaurant,
 * the screen's title, who is signed in, the language and Logout) and the screens' navigation — a
 * rail down the left from a 768 px tablet up, a bar along the bottom on a phone — around the
 * screen. Each link is shown to the roles that may use it; the current one is marked by weight,
 * a bar and aria-current as well as colour.
 */
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';
import { paths } from '../../../domain/routes.ts';
import type { StaffRole } from '../../../domain/team.ts';
import { BrandMark } from '../../shared/frame/brand-mark.tsx';
import { LanguageSwitch } from '../../shared/frame/language-switch.tsx';
import { useLocalize } from '../../shared/i18n/language.ts';
import { useTranslation } from '../../shared/i18n/translation.tsx';
import styles from './app-shell.module.css';
import { type NavIcon, NavIconShape } from './nav-icons.tsx';

interface NavItem {
  path: string;
  icon: NavIcon;
  /** Whether the link is shown to an account of this role (always when absent). */
  shownTo?: (role: StaffRole | undefined) => boolean;
  /** Goes with the timeline's and floor's branch and day (?branch=…&date=…). */
  hostView?: boolean;
}

const navItems: readonly NavItem[] = [
  { path: paths.adminDashboard, icon: 'reservations' },
  { path: paths.adminTimeline, icon: 'timeline', hostView: true },
  { path: paths.adminFloor, icon: 'floor', hostView: true },
  { path: paths.adminGuests, icon: 'guests' },
  // Hosts too: they mark dishes sold out at their branches.
  { path: paths.adminMenu, icon: 'menu' },
  { path: paths.adminSettings, icon: 'settings', shownTo: (role) => role !== 'host' },
  { path: paths.adminTeam, icon: 'team', shownTo: (role) => role === 'owner' },
  { path: paths.adminAccount, icon: 'account' },
];

const labelKeys: Record<NavIcon, string> = {
  reservations: 'nav.reservations',
  timeline: 'nav.timeline',
  floor: 'nav.floor',
  guests: 'nav.guests',
  menu: 'nav.menu',
  settings: 'nav.settings',
  team: 'nav.team',
  account: 'nav.account',
};

export function AppShell(props: {
  title: string;
  subtitle: string;
  email: string;
  /** The signed-in account's staff role; none: an account without one (it sees every link). */
  role: StaffRole | undefined;
  onLogout: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const localize = useLocalize();
  const location = useLocation();
  // The timeline and the floor show one branch and day: going from one to the other keeps them,
  // so the host sees the same evening both ways.
  const onHostView = navItems.some((item) => item.hostView && location.pathname.endsWith(item.path));
  const items = navItems.filter((item) => item.shownTo?.(props.role) ?? true);

  return (
    <div className={styles.shell}>
      <header className={styles.appBar}>
        <Link className={styles.brand} to={localize(paths.adminDashboard)} aria-label={restaurantProfile.name}>
          <BrandMark className={styles.brandMark} />
          <span className={styles.brandName}>{restaurantProfile.name}</span>
        </Link>
        <div className={styles.titles}>
          <h1 className={styles.title}>{props.title}</h1>
          <p className={styles.subtitle}>{props.subtitle}</p>
        </div>
        <div className={styles.account}>
          <span className={styles.signedIn}>{t('dashboard.signedInAs', { email: props.email })}</span>
          <LanguageSwitch
            pathname={location.pathname}
            listClassName={styles.languages}
            linkClassName={styles.languageLink}
          />
          <button type="button" onClick={props.onLogout} className={styles.logout}>
            {t('dashboard.logout')}
          </button>
        </div>
      </header>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <ul className={styles.navList}>
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={`${localize(item.path)}${item.hostView && onHostView ? location.search : ''}`}
                className={({ isActive }) =>
                  [styles.navLink, isActive ? styles.navLinkActive : null].filter(Boolean).join(' ')
                }
                end
              >
                <NavIconShape icon={item.icon} className={styles.navIcon} />
                <span>{t(labelKeys[item.icon])}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className={styles.main}>
        {props.children}
      </main>
    </div>
  );
}
