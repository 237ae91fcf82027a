/**
 * Sign-in's second step, for an account with an authenticator app: the 6-digit code (challenge
 * and verify). A code works once; a wrong or used one is refused with the server's reason. "Use
 * another account" signs this half-finished session out.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { verifySignInCode } from '../../shell/two-factor.ts';
import styles from './admin.module.css';

// Messages are keys of the admin namespace. Spaces are allowed (apps show "123 456").
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'code.required')
      .regex(/^\d{6}$/, 'code.format'),
  );

const codeSchema = z.object({ code: totpCodeSchema });
type CodeInput = z.input<typeof codeSchema>;
type Code = z.output<typeof codeSchema>;

export function CodeStep(props: { onCancelled: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const localize = useLocalize();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput, unknown, Code>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  const onSubmit = async ({ code }: Code) => {
    try {
      const supabase = await getSupabase();
      const { error } = await verifySignInCode(supabase, code);
      if (error) {
        const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
        const message = status !== undefined && status < 500 ? error.message : '';
        setError('code', { message: 'code.refused' });
        notify.error(message || t('code.failure'));
        return;
      }
      notify.success(t('login.success'));
      navigate(localize(paths.adminDashboard), { replace: true });
    } catch {
      notify.error(t('code.failure'));
    }
  };

  const switchAccount = async () => {
    const supabase = await getSupabase();
    await supabase.auth.signOut({ scope: 'local' });
    props.onCancelled();
  };

  return (
    <main id="main" tabIndex={-1} className={styles.loginScreen}>
      <section className={styles.loginCard} aria-labelledby="code-step-title">
        <h1 id="code-step-title" className={styles.loginTitle}>
          {t('code.title')}
        </h1>
        <p className={styles.muted}>{t('code.intro')}</p>
        <form className={styles.loginForm} onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField label={t('code.label')} required error={errors.code?.message ? t(errors.code.message) : undefined}>
            {(field) => (
              <input
                {...field}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                // biome-ignore lint/a11y/noAutofocus: the only field of a step the person just asked for
                autoFocus
                {...register('code')}
              />
            )}
          </FormField>
          <Button type="submit" variant="secondary" disabled={isSubmitting} className={styles.wide}>
            {isSubmitting ? t('code.submitting') : t('code.submit')}
          </Button>
          <Button variant="ghost" className={styles.wide} onClick={() => void switchAccount()}>
            {t('code.otherAccount')}
          </Button>
        </form>
      </section>
    </main>
  );
}
