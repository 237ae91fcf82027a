/**
 * The account screen's password change: the current password, and a new one that the staff
 * password rule accepts (checked here with the same module the server and the admin CLI use, its
 * dictionaries fetched only when the form is first checked). supabase-js `updateUser` sends it; the
 * server checks everything again and signs the account out everywhere else.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { loadStaffPasswordRule, type PasswordRefusal } from '../../../../domain/password-policy.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import accountStyles from './account.module.css';
import styles from './admin.module.css';

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'account.password.currentRequired'),
    newPassword: z.string().min(1, 'account.password.newRequired'),
    confirmPassword: z.string().min(1, 'account.password.confirmRequired'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'account.password.mismatch',
  });
type PasswordInput = z.input<typeof passwordSchema>;

const refusalKeys: Record<PasswordRefusal, string> = {
  too_short: 'account.password.tooShort',
  too_long: 'account.password.tooLong',
  too_common: 'account.password.tooCommon',
  too_guessable: 'account.password.tooGuessable',
};

export function PasswordCard(props: { supabase: SupabaseClient; email: string }) {
  const { t } = useTranslation('admin');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (input: PasswordInput) => {
    const rule = await loadStaffPasswordRule();
    const verdict = rule(input.newPassword, { email: props.email });
    if (!verdict.ok) {
      setError('newPassword', { message: refusalKeys[verdict.reason] });
      return;
    }
    const { error } = await props.supabase.auth.updateUser({
      password: input.newPassword,
      current_password: input.currentPassword,
    });
    if (!error) {
      reset();
      notify.success(t('account.password.changed'));
      return;
    }
    if (error.code === 'current_password_invalid') {
      setError('currentPassword', { message: 'account.password.currentWrong' });
    } else if (error.code === 'same_password') {
      setError('newPassword', { message: 'account.password.same' });
    } else if (error.code === 'weak_password') {
      setError('newPassword', { message: 'account.password.tooGuessable' });
    } else {
      notify.error(error.status && error.status < 500 ? error.message : t('account.password.failure'));
    }
  };

  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <section className={`${styles.card} ${accountStyles.card}`} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.cardTitle}>
        {t('account.password.title')}
      </h2>
      <p className={styles.muted}>{t('account.password.intro')}</p>
      <form className={accountStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        {/* Lets a password manager pair the new password with the account. */}
        <input type="hidden" autoComplete="username" value={props.email} readOnly />
        <FormField label={t('account.password.current')} required error={message(errors.currentPassword?.message)}>
          {(field) => (
            <input {...field} type="password" autoComplete="current-password" {...register('currentPassword')} />
          )}
        </FormField>
        <FormField
          label={t('account.password.new')}
          hint={t('account.password.newHint')}
          required
          error={message(errors.newPassword?.message)}
        >
          {(field) => <input {...field} type="password" autoComplete="new-password" {...register('newPassword')} />}
        </FormField>
        <FormField label={t('account.password.confirm')} required error={message(errors.confirmPassword?.message)}>
          {(field) => <input {...field} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <div className={accountStyles.actions}>
          <Button type="submit" variant="secondary" disabled={isSubmitting}>
            {isSubmitting ? t('account.password.saving') : t('account.password.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
