/**
 * Admin Login (/admin/login): email and password, both required; call 4 (signInWithPassword).
 * An account with a verified authenticator app is then asked for its 6-digit code (the session
 * becomes aal2, which row-level security requires of it); any other account goes straight on, as
 * before.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { paths } from '../../../../domain/routes.ts';
import { LanguageSwitch } from '../../../shared/frame/language-switch.tsx';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { secondFactorStanding } from '../../shell/two-factor.ts';
import styles from './admin.module.css';
import { CodeStep } from './code-step.tsx';

// Messages are keys of the admin namespace, translated where they are shown.
const loginSchema = z.object({
  email: z.string().trim().min(1, 'login.emailRequired').pipe(z.email('login.emailInvalid')),
  password: z.string().min(1, 'login.passwordRequired'),
});
type LoginInput = z.input<typeof loginSchema>;
type Login = z.output<typeof loginSchema>;

function LoginForm(props: { onNeedsCode: () => void }) {
  const { t } = useTranslation('admin');
  const localize = useLocalize();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    // Someone already signed in goes straight to the dashboard.
    let active = true;
    getSupabase()
      .then((supabase) => supabase.auth.getSession())
      .then(async ({ data }) => {
        if (!active || !data.session) return;
        // Signed in with the password only (a reload during the code step): the code is still due.
        const supabase = await getSupabase();
        if ((await secondFactorStanding(supabase)) === 'needs-code') {
          if (active) props.onNeedsCode();
        } else if (active) navigate(localize(paths.adminDashboard), { replace: true });
      })
      .catch(() => {}); // offline: the form stays, and signing in reports the failure
    return () => {
      active = false;
    };
  }, [navigate, localize, props.onNeedsCode]);

  const onSubmit = async (input: Login) => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signInWithPassword(input);
      if (error) {
        // 5xx answers carry no message meant for people; a 4xx carries the server's reason.
        notify.error(error.status && error.status < 500 ? error.message || t('login.failure') : t('login.failure'));
        return;
      }
      if ((await secondFactorStanding(supabase)) === 'needs-code') {
        props.onNeedsCode();
        return;
      }
      notify.success(t('login.success'));
      navigate(localize(paths.adminDashboard), { replace: true });
    } catch {
      // The backend could not be reached at all (e.g. /config.json failed).
      notify.error(t('login.failure'));
    }
  };

  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const { pathname } = useLocation();

  return (
    <main id="main" tabIndex={-1} className={styles.loginScreen}>
      <LanguageSwitch pathname={pathname} listClassName={styles.loginLanguages} linkClassName={styles.loginLanguage} />
      <section className={styles.loginCard} aria-labelledby="admin-login-title">
        <h1 id="admin-login-title" className={styles.loginTitle}>
          {t('login.title')}
        </h1>
        <p className={styles.muted}>{t('login.intro', { restaurant: restaurantProfile.name })}</p>
        <form className={styles.loginForm} onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField label={t('login.email')} required error={message(errors.email?.message)}>
            {(field) => (
              <input {...field} type="email" autoComplete="username" inputMode="email" {...register('email')} />
            )}
          </FormField>
          <FormField label={t('login.password')} required error={message(errors.password?.message)}>
            {(field) => <input {...field} type="password" autoComplete="current-password" {...register('password')} />}
          </FormField>
          <Button type="submit" variant="secondary" disabled={isSubmitting} className={styles.wide}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}

function Login() {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const needsCode = useCallback(() => setStep('code'), []);
  return step === 'password' ? (
    <LoginForm onNeedsCode={needsCode} />
  ) : (
    <CodeStep onCancelled={() => setStep('password')} />
  );
}

export function LoginPage() {
  return (
    <Suspense fallback={null}>
      <Login />
    </Suspense>
  );
}
