/**
 * The frame of every signed-in staff screen (the dashboard, branch settings): the session guard
 * (call 5), the header with the screen's title, the staff navigation, who is signed in and Logout.
 * A screen renders its content only for a staff session; any other session sees "Not authorised".
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/notify.ts';
import styles from './admin.module.css';
import { useStaffSession } from './use-staff-session.ts';

export function StaffScreen(props: {
  title: string;
  subtitle: string;
  /** What a signed-in account without the staff role is told it cannot do here. */
  notAuthorised: (email: string) => string;
  children: (supabase: SupabaseClient) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { session, retry } = useStaffSession();
  const loggingOut = useRef(false);

  // The session ended without a logout here (a refused refresh, expiry, logout in another tab).
  useEffect(() => {
    if (session.status === 'signed-out' && session.ended && !loggingOut.current) notify.error(t('session.ended'));
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
  if (session.status === 'signed-out') return <Navigate to={paths.adminLogin} replace />;

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
    navigate(paths.adminLogin, { replace: true });
  };

  const navClass = ({ isActive }: { isActive: boolean }) =>
    [styles.navLink, isActive ? styles.navLinkActive : null].filter(Boolean).join(' ');

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
          <NavLink to={paths.adminDashboard} className={navClass} end>
            {t('nav.reservations')}
          </NavLink>
          <NavLink to={paths.adminSettings} className={navClass} end>
            {t('nav.settings')}
          </NavLink>
        </nav>
      </header>
      {session.status === 'staff' ? (
        props.children(supabase)
      ) : (
        <section className={`${styles.card} ${styles.notAuthorised}`} role="alert" aria-labelledby="not-authorised">
          <h2 id="not-authorised" className={styles.cardTitle}>
            {t('dashboard.notAuthorisedTitle')}
          </h2>
          <p>{props.notAuthorised(session.email)}</p>
        </section>
      )}
    </div>
  );
}
