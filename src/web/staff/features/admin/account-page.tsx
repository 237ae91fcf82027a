/**
 * Your account (/admin/account): two-factor sign-in (enrol an authenticator app with its QR code
 * or setup key and a first code; list and remove apps), the owner's switch that requires it for
 * every staff account, and a password change. Open to an account the owner's rule sends here to
 * enrol before anything else.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { appRoleOf } from '../../shell/staff-claims.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import accountStyles from './account.module.css';
import { PasswordCard } from './password-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

function AccountBoard({ supabase }: { supabase: SupabaseClient }) {
  const session = useQuery({
    queryKey: ['account-session'],
    queryFn: async () => {
      const { data } = await supabase.auth.getSession();
      return {
        email: data.session?.user.email ?? '',
        role: data.session ? appRoleOf(data.session.access_token) : undefined,
      };
    },
  });
  const email = session.data?.email ?? '';
  const role = session.data?.role;
  return (
    <div className={accountStyles.board}>
      <TwoFactorCard supabase={supabase} managesSecurity={role === 'owner' || role === 'staff'} />
      <PasswordCard supabase={supabase} email={email} />
    </div>
  );
}

function AccountScreen() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('account.title')}
      subtitle={t('account.subtitle')}
      notAuthorised={(email) => t('account.notAuthorised', { email })}
      enrolsSecondFactor
    >
      {(supabase) => <AccountBoard supabase={supabase} />}
    </StaffScreen>
  );
}

export function AccountPage() {
  return (
    <VisitCache>
      <AccountScreen />
    </VisitCache>
  );
}
