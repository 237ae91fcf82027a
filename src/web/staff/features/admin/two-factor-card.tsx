/**
 * The account screen's two-factor card: whether it is on, the authenticator apps (each
 * removable, after a second click), enrolling a new one (QR code, setup key, first code) and, for
 * the owner and staff, the switch that requires two-factor sign-in for every staff account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import {
  type Authenticator,
  cancelEnrolment,
  type Enrolment,
  finishEnrolment,
  listAuthenticators,
  readTwoFactorRequired,
  removeAuthenticator,
  startEnrolment,
  writeTwoFactorRequired,
} from '../../shell/two-factor.ts';
import accountStyles from './account.module.css';
import styles from './admin.module.css';
import { totpCodeSchema } from './code-step.tsx';

const authenticatorsKey = ['authenticators'] as const;
const requiredKey = ['two-factor-required'] as const;

const nameSchema = z.object({
  name: z.string().trim().min(1, 'account.twoFactor.nameRequired').max(60, 'account.twoFactor.nameTooLong'),
});
const firstCodeSchema = z.object({ code: totpCodeSchema });

/** "ABCD EFGH …": a setup key is easier to type from a screen in groups of four. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function AuthenticatorRow(props: { authenticator: Authenticator; onRemove: () => Promise<void> }) {
  const { t, i18n } = useTranslation('admin');
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { authenticator } = props;
  const added = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(authenticator.createdAt),
  );
  return (
    <li className={accountStyles.factor}>
      <div>
        <p className={accountStyles.factorName}>{authenticator.name || t('account.twoFactor.unnamed')}</p>
        <p className={styles.muted}>{t('account.twoFactor.added', { date: added })}</p>
      </div>
      {confirming ? (
        <div className={accountStyles.actions}>
          <Button
            variant="secondary"
            disabled={removing}
            onClick={() => {
              setRemoving(true);
              void props.onRemove().finally(() => setRemoving(false));
            }}
          >
            {t('account.twoFactor.confirmRemove', { name: authenticator.name })}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('account.twoFactor.keep')}
          </Button>
        </div>
      ) : (
        <Button
          variant="ghost"
          aria-label={t('account.twoFactor.removeFor', { name: authenticator.name })}
          onClick={() => setConfirming(true)}
        >
          {t('account.twoFactor.remove')}
        </Button>
      )}
    </li>
  );
}

function EnrolmentSteps(props: {
  supabase: SupabaseClient;
  enrolment: Enrolment;
  name: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const keyHint = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof firstCodeSchema>, unknown, z.output<typeof firstCodeSchema>>({
    resolver: zodResolver(firstCodeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: z.output<typeof firstCodeSchema>) => {
    const { error } = await finishEnrolment(props.supabase, props.enrolment.factorId, code);
    if (error) {
      setError('code', { message: 'code.refused' });
      notify.error(error.status && error.status < 500 ? error.message : t('account.twoFactor.failure'));
      return;
    }
    notify.success(t('account.twoFactor.turnedOn'));
    props.onDone();
  };

  return (
    <div className={accountStyles.enrolment}>
      <ol className={accountStyles.steps}>
        <li>
          <p>{t('account.twoFactor.scan')}</p>
          <img
            className={accountStyles.qr}
            src={props.enrolment.qrCode}
            alt={t('account.twoFactor.qrAlt', { name: props.name })}
            width={200}
            height={200}
          />
        </li>
        <li>
          <FormField label={t('account.twoFactor.setupKey')} hint={t('account.twoFactor.setupKeyHint')}>
            {(field) => (
              // Two lines of four groups: the whole key stays in view on a phone, easy to copy or read out.
              <textarea
                {...field}
                aria-describedby={[field['aria-describedby'], keyHint].filter(Boolean).join(' ') || undefined}
                className={accountStyles.setupKey}
                readOnly
                rows={2}
                spellCheck={false}
                value={groupedKey(props.enrolment.secret)}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
          </FormField>
          <p id={keyHint} className={styles.muted}>
            {t('account.twoFactor.setupKeyDetails')}
          </p>
        </li>
        <li>
          <form className={accountStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
            <FormField
              label={t('account.twoFactor.firstCode')}
              required
              error={errors.code?.message ? t(errors.code.message) : undefined}
            >
              {(field) => (
                <input
                  {...field}
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={12}
                  {...register('code')}
                />
              )}
            </FormField>
            <div className={accountStyles.actions}>
              <Button type="submit" variant="secondary" disabled={isSubmitting}>
                {isSubmitting ? t('account.twoFactor.verifying') : t('account.twoFactor.verify')}
              </Button>
              <Button variant="ghost" onClick={props.onCancel}>
                {t('account.twoFactor.cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function RequireSwitch(props: { supabase: SupabaseClient; required: boolean; canChange: boolean }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  // The box shows the new state while it is saved, and the stored one again once read back.
  const [saving, setSaving] = useState<boolean | null>(null);
  const hint = useId();
  const change = async (required: boolean) => {
    setSaving(required);
    const accepted = await writeTwoFactorRequired(props.supabase, required);
    await queryClient.invalidateQueries({ queryKey: requiredKey });
    setSaving(null);
    if (accepted) notify.success(t(required ? 'account.require.on' : 'account.require.off'));
    else notify.error(t('account.require.failure'));
  };
  return (
    <div className={accountStyles.require}>
      <label className={accountStyles.checkboxLabel}>
        <input
          type="checkbox"
          checked={saving ?? props.required}
          disabled={!props.canChange || saving !== null}
          aria-describedby={hint}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {t('account.require.label')}
      </label>
      <p id={hint} className={styles.muted}>
        {props.canChange ? t('account.require.hint') : t('account.require.needsOwnFactor')}
      </p>
    </div>
  );
}

export function TwoFactorCard(props: { supabase: SupabaseClient; managesSecurity: boolean }) {
  const { t } = useTranslation('admin');
  const { supabase } = props;
  const queryClient = useQueryClient();
  const authenticators = useQuery({ queryKey: authenticatorsKey, queryFn: () => listAuthenticators(supabase) });
  const required = useQuery({ queryKey: requiredKey, queryFn: () => readTwoFactorRequired(supabase) });
  const [enrolment, setEnrolment] = useState<{ enrolment: Enrolment; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: t('account.twoFactor.defaultName') },
  });

  const list = authenticators.data ?? [];
  const on = list.length > 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: authenticatorsKey });

  const start = async ({ name }: z.output<typeof nameSchema>) => {
    try {
      setEnrolment({ enrolment: await startEnrolment(supabase, name), name });
    } catch (error) {
      const message = error instanceof Error && 'status' in error ? error.message : '';
      notify.error(message || t('account.twoFactor.failure'));
    }
  };

  const remove = async (authenticator: Authenticator) => {
    const { error } = await removeAuthenticator(supabase, authenticator.id);
    if (error) notify.error(error.message || t('account.twoFactor.failure'));
    else notify.success(t('account.twoFactor.removed', { name: authenticator.name }));
    await refresh();
  };

  return (
    <section className={`${styles.card} ${accountStyles.card}`} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={styles.cardTitle}>
        {t('account.twoFactor.title')}
      </h2>
      {required.data && !on && !authenticators.isPending ? (
        <p role="alert" className={accountStyles.notice}>
          {t('account.twoFactor.requiredNotice')}
        </p>
      ) : null}
      <p className={accountStyles.status}>
        <span aria-hidden="true">{on ? '✓ ' : '○ '}</span>
        {authenticators.isPending
          ? t('account.twoFactor.loading')
          : on
            ? t('account.twoFactor.on')
            : t('account.twoFactor.off')}
      </p>
      <p className={styles.muted}>{t('account.twoFactor.intro')}</p>
      {authenticators.isError ? (
        <div role="alert" className={styles.loadFailed}>
          <p>{t('account.twoFactor.loadFailed')}</p>
          <Button variant="ghost" onClick={() => void authenticators.refetch()}>
            {t('settings.retry')}
          </Button>
        </div>
      ) : null}
      {on ? (
        <ul className={accountStyles.factors} aria-label={t('account.twoFactor.listLabel')}>
          {list.map((authenticator) => (
            <AuthenticatorRow
              key={authenticator.id}
              authenticator={authenticator}
              onRemove={() => remove(authenticator)}
            />
          ))}
        </ul>
      ) : null}
      {enrolment ? (
        <EnrolmentSteps
          supabase={supabase}
          enrolment={enrolment.enrolment}
          name={enrolment.name}
          onDone={() => {
            setEnrolment(null);
            void refresh();
          }}
          onCancel={() => {
            const factorId = enrolment.enrolment.factorId;
            setEnrolment(null);
            void cancelEnrolment(supabase, factorId);
          }}
        />
      ) : (
        <form className={accountStyles.addForm} onSubmit={handleSubmit(start)} noValidate>
          <FormField
            label={t('account.twoFactor.name')}
            hint={t('account.twoFactor.nameHint')}
            error={errors.name?.message ? t(errors.name.message) : undefined}
          >
            {(field) => <input {...field} type="text" maxLength={60} {...register('name')} />}
          </FormField>
          <Button type="submit" variant="secondary" disabled={isSubmitting}>
            {on ? t('account.twoFactor.addAnother') : t('account.twoFactor.setUp')}
          </Button>
        </form>
      )}
      {props.managesSecurity ? (
        <RequireSwitch supabase={supabase} required={required.data ?? false} canChange={on} />
      ) : null}
    </section>
  );
}
