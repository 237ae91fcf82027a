/**
 * The frame of every signed-in staff screen (the dashboard, the timeline and floor, branch
 * settings, the team, the account): the session guard (call 5) and its second-factor gate, the header with the screen's
 * title, the staff navigation (each link shown to the roles that may use it), who is signed in and
 * Logout. A screen renders its content only for a staff session its `allow` accepts; any other
 * session sees "Not authorised". The database and the team endpoint refuse the rest whatever this
 * shows.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './admin.module.css';
import type { StaffClaims } from './staff-claims.ts';
import { useSecondFactorGate } from './use-second-factor-gate.ts';
import { useStaffSession } from './use-staff-session.ts';

export function StaffScreen(props: {
  title: string;
  subtitle: string;
  /** What a signed-in account without the staff role is told it cannot do here. */
  notAuthorised: (email: string) => string;
  /** The account screen: open to an account that must still enrol a second factor. */
  enrolsSecondFactor?: boolean;
  /** Which staff roles the screen is for (all of them unless given), and what the others are told. */
  allow?: (claims: StaffClaims) => boolean;
  notAllowed?: string;
  children: (supabase: SupabaseClient, claims: StaffClaims) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const localize = useLocalize();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, retry } = useStaffSession();
  const loggingOut = useRef(false);
  const gate = useSecondFactorGate(session.status === 'staff' ? session.supabase : undefined, session);

  // The session ended without a logout here (a refused refresh, expiry, logout in another tab).
  // Said once: several refused requests can each report the same end.
  const toldEnded = useRef(false);
  useEffect(() => {
    const ended = session.status === 'signed-out' && session.ended;
    if (ended && !toldEnded.current && !loggingOut.current) notify.error(t('session.ended'));
    toldEnded.current = ended;
  }, [session, t]);

  if (session.status === 'checking') {
    return (
      <p role="status" className={styles.centered}>
        {t('session.checking')}
      </p>
    );
  }
  if (session.status === 'unavailable') {
    return (
      <div role="alert" className={styles.centered}>
        <p>{t('session.unavailable')}</p>
        <Button variant="ghost" onClick={retry}>
          {t('session.retry')}
        </Button>
      </div>
    );
  }
  if (session.status === 'signed-out') return <Navigate to={localize(paths.adminLogin)} replace />;
  if (gate === 'checking') {
    return (
      <p role="status" className={styles.centered}>
        {t('session.checking')}
      </p>
    );
  }
  // Signed in with the password only: sign-in asks for the code.
  if (gate === 'needs-code') return <Navigate to={localize(paths.adminLogin)} replace />;
  if (gate === 'needs-enrolment' && !props.enrolsSecondFactor)
    return <Navigate to={localize(paths.adminAccount)} replace />;

  const { supabase } = session;
  const logout = async () => {
    loggingOut.current = true;
    // Global sign-out ends the session on the server too; if the server cannot be reached, the
    // session still ends on this device, which is what a host leaving the stand needs.
    const { error } = await supabase.auth.signOut();
    if (error) {
      const local = await supabase.auth.signOut({ scope: 'local' });
      if (local.error) {
        loggingOut.current = false;
        notify.error(t('dashboard.logoutFailed'));
        return;
      }
    }
    notify.success(t('dashboard.loggedOut'));
    navigate(localize(paths.adminLogin), { replace: true });
  };

  const role = session.status === 'staff' ? session.claims.role : undefined;
  const navClass = ({ isActive }: { isActive: boolean }) =>
    [styles.navLink, isActive ? styles.navLinkActive : null].filter(Boolean).join(' ');
  // The timeline and the floor show one branch and day (?branch=…&date=…): going from one to the
  // other keeps them, so the host sees the same evening both ways.
  const hostViewSearch = [paths.adminTimeline, paths.adminFloor].some((path) => location.pathname.endsWith(path))
    ? location.search
    : '';

  return (
    <div className={styles.dashboard}>
      <header className={styles.dashboardHeader}>
        <div>
          <h1 className={styles.pageTitle}>{props.title}</h1>
          <p className={styles.muted}>{props.subtitle}</p>
        </div>
        <div className={styles.account}>
          <span className={styles.muted}>{t('dashboard.signedInAs', { email: session.email })}</span>
          <Button variant="secondary" onClick={() => void logout()}>
            {t('dashboard.logout')}
          </Button>
        </div>
        <nav aria-label={t('nav.label')} className={styles.staffNav}>
          <NavLink to={localize(paths.adminDashboard)} className={navClass} end>
            {t('nav.reservations')}
          </NavLink>
          <NavLink to={`${localize(paths.adminTimeline)}${hostViewSearch}`} className={navClass} end>
            {t('nav.timeline')}
          </NavLink>
          <NavLink to={`${localize(paths.adminFloor)}${hostViewSearch}`} className={navClass} end>
            {t('nav.floor')}
          </NavLink>
          <NavLink to={localize(paths.adminGuests)} className={navClass} end>
            {t('nav.guests')}
          </NavLink>
          {/* Hosts too: they mark dishes sold out at their branches. */}
          <NavLink to={localize(paths.adminMenu)} className={navClass} end>
            {t('nav.menu')}
          </NavLink>
          {role !== 'host' ? (
            <NavLink to={localize(paths.adminSettings)} className={navClass} end>
              {t('nav.settings')}
            </NavLink>
          ) : null}
          {role === 'owner' ? (
            <NavLink to={localize(paths.adminTeam)} className={navClass} end>
              {t('nav.team')}
            </NavLink>
          ) : null}
          <NavLink to={localize(paths.adminAccount)} className={navClass} end>
            {t('nav.account')}
          </NavLink>
        </nav>
      </header>
      {session.status === 'staff' && (props.allow?.(session.claims) ?? true) ? (
        props.children(supabase, session.claims)
      ) : (
        <section className={`${styles.card} ${styles.notAuthorised}`} role="alert" aria-labelledby="not-authorised">
          <h2 id="not-authorised" className={styles.cardTitle}>
            {t('dashboard.notAuthorisedTitle')}
          </h2>
          <p>
            {session.status === 'staff'
              ? (props.notAllowed ?? props.notAuthorised(session.email))
              : props.notAuthorised(session.email)}
          </p>
        </section>
      )}
    </div>
  );
}
