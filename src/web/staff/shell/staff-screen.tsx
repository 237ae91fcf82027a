/**
 * Every signed-in staff screen (the dashboard, the timeline and floor, branch settings, the team,
 * the account): the session guard (call 5) and its second-factor gate, then the screen in the
 * staff app's frame (app-shell.tsx: its title, the navigation, who is signed in and Logout). A screen renders its content only for a staff session its `allow` accepts; any other
 * session sees "Not authorised". The database and the team endpoint refuse the rest whatever this
 * shows.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import { useLocalize } from '../../shared/i18n/language.ts';
import { useTranslation } from '../../shared/i18n/translation.tsx';
import { notify } from '../../shared/lib/notify.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './app-shell.module.css';
import { AppShell } from './app-shell.tsx';
import type { StaffClaims } from './staff-claims.ts';
import { useSecondFactorGate } from './use-second-factor-gate.ts';
import { useStaffSession } from './use-staff-session.ts';

/** The screen's place before the session is known: the page's main region, without the frame. */
function Bare(props: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      {props.children}
    </main>
  );
}

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

  // The session, then its second factor, is being checked.
  const checking = (
    <Bare>
      <p role="status" className={styles.centered}>
        {t('session.checking')}
      </p>
    </Bare>
  );
  if (session.status === 'checking') return checking;
  if (session.status === 'unavailable') {
    return (
      <Bare>
        <div role="alert" className={styles.centered}>
          <p>{t('session.unavailable')}</p>
          <Button variant="ghost" onClick={retry}>
            {t('session.retry')}
          </Button>
        </div>
      </Bare>
    );
  }
  if (session.status === 'signed-out') return <Navigate to={localize(paths.adminLogin)} replace />;
  if (gate === 'checking') return checking;
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
  return (
    <AppShell
      title={props.title}
      subtitle={props.subtitle}
      email={session.email}
      role={role}
      onLogout={() => void logout()}
    >
      <div className={styles.screen}>
        {session.status === 'staff' && (props.allow?.(session.claims) ?? true) ? (
          props.children(supabase, session.claims)
        ) : (
          <section className={styles.notAuthorised} role="alert" aria-labelledby="not-authorised">
            <h2 id="not-authorised">{t('dashboard.notAuthorisedTitle')}</h2>
            <p>
              {session.status === 'staff'
                ? (props.notAllowed ?? props.notAuthorised(session.email))
                : props.notAuthorised(session.email)}
            </p>
          </section>
        )}
      </div>
    </AppShell>
  );
}
