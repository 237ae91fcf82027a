/**
 * The team (/admin/team), for owners: every staff account with its role, branches, two-factor
 * status and last sign-in; add an account (a temporary password is shown once), change a role or
 * branches, reset a password, remove an account. Every change goes through the team endpoint,
 * which checks the owner role itself; this screen only chooses what to show.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { StaffRole, TeamAccount, TemporaryPasswordReply } from '../../../../domain/team.ts';
import { staffRoleSchema, staffRoles } from '../../../../domain/team.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import { TeamCallError, useTeam, useTeamChange } from './api/team.ts';
import styles from './team.module.css';
import {
  type AddAccountValues,
  addAccountSchema,
  assignmentOf,
  type RoleFormValues,
  roleFormSchema,
} from './team-form.ts';

/** The endpoint's refusal codes this screen explains; anything else is a general failure. */
const knownRefusals = [
  'account_refused',
  'own_account',
  'last_owner',
  'not_found',
  'not_owner',
  'unknown_branch',
  'insufficient_aal',
];

function useRefusalMessage() {
  const { t } = useTranslation('team');
  return (error: unknown) => {
    const code = error instanceof TeamCallError ? error.code : 'unexpected';
    return knownRefusals.includes(code) ? t(`errors.${code}`) : t('errors.unexpected');
  };
}

/** Role and branches, shared by the add form and the change dialog. */
function RoleFields(props: {
  role: StaffRole;
  selected: readonly string[];
  onRole: (role: StaffRole) => void;
  onBranches: (branches: string[]) => void;
  available: readonly string[];
  branchesError: string | undefined;
}) {
  const { t } = useTranslation('team');
  const errorId = useId();
  return (
    <>
      <FormField label={t('form.role')} hint={t(`roles.${props.role}Hint`)}>
        {(control) => (
          <select
            {...control}
            value={props.role}
            onChange={(event) => {
              const role = staffRoleSchema.safeParse(event.target.value);
              if (role.success) props.onRole(role.data);
            }}
          >
            {staffRoles.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {props.role === 'host' ? (
        <fieldset
          className={styles.branches}
          aria-describedby={props.branchesError ? errorId : undefined}
          aria-invalid={props.branchesError ? true : undefined}
        >
          <legend>{t('form.branches')}</legend>
          {props.available.map((branch) => (
            <label key={branch} className={styles.branchOption}>
              <input
                type="checkbox"
                checked={props.selected.includes(branch)}
                onChange={(event) =>
                  props.onBranches(
                    event.target.checked
                      ? [...props.selected, branch]
                      : props.selected.filter((name) => name !== branch),
                  )
                }
              />
              {branch}
            </label>
          ))}
          {props.branchesError ? (
            <p id={errorId} className={styles.error}>
              {props.branchesError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** The temporary password, shown once, with a copy button. */
function PasswordDialog(props: { reply: TemporaryPasswordReply; onClose: () => void }) {
  const { t } = useTranslation('team');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.reply.temporaryPassword);
      setCopied(true);
    } catch {
      notify.error(t('password.copyFailed'));
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            {t('password.title', { email: props.reply.account.email })}
          </Dialog.Title>
          <Dialog.Description>{t('password.description')}</Dialog.Description>
          <div className={styles.passwordRow}>
            <output className={styles.password} aria-label={t('password.label')}>
              {props.reply.temporaryPassword}
            </output>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? t('password.copied') : t('password.copy')}
            </Button>
          </div>
          <p className={styles.muted}>{t('password.once')}</p>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button>{t('password.done')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddAccountForm(props: {
  supabase: SupabaseClient;
  branches: readonly string[];
  onPassword: (reply: TemporaryPasswordReply) => void;
}) {
  const { t } = useTranslation('team');
  const refusal = useRefusalMessage();
  const change = useTeamChange(props.supabase);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<AddAccountValues>({
    resolver: zodResolver(addAccountSchema),
    defaultValues: { email: '', role: 'host', branches: [] },
  });
  const onSubmit = async (values: AddAccountValues) => {
    try {
      const reply = await change.mutateAsync({ action: 'create', email: values.email, ...assignmentOf(values) });
      if (reply) props.onPassword(reply);
      reset();
    } catch (error) {
      notify.error(refusal(error));
    }
  };
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <section className={styles.card} aria-labelledby="add-account-title">
      <h2 id="add-account-title" className={styles.cardTitle}>
        {t('add.title')}
      </h2>
      <form className={styles.addForm} onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField label={t('form.email')} required error={message(errors.email?.message)}>
          {(field) => <input {...field} type="email" autoComplete="off" inputMode="email" {...register('email')} />}
        </FormField>
        <RoleFields
          role={watch('role')}
          selected={watch('branches')}
          onRole={(role) => setValue('role', role, { shouldValidate: isSubmitted })}
          onBranches={(branches) => setValue('branches', branches, { shouldValidate: isSubmitted })}
          available={props.branches}
          branchesError={message(errors.branches?.message)}
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('add.submitting') : t('add.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ChangeRoleDialog(props: {
  supabase: SupabaseClient;
  account: TeamAccount;
  branches: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const refusal = useRefusalMessage();
  const change = useTeamChange(props.supabase);
  const {
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RoleFormValues>({
    resolver: zodResolver(roleFormSchema),
    defaultValues: { role: props.account.role, branches: props.account.branches },
  });
  const onSubmit = async (values: RoleFormValues) => {
    try {
      await change.mutateAsync({ action: 'update', id: props.account.id, ...assignmentOf(values) });
      notify.success(t('change.done', { email: props.account.email }));
      props.onClose();
    } catch (error) {
      notify.error(refusal(error));
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            {t('change.title', { email: props.account.email })}
          </Dialog.Title>
          <Dialog.Description>{t('change.description')}</Dialog.Description>
          <form className={styles.dialogForm} onSubmit={handleSubmit(onSubmit)} noValidate>
            <RoleFields
              role={watch('role')}
              selected={watch('branches')}
              onRole={(role) => setValue('role', role, { shouldValidate: isSubmitted })}
              onBranches={(branches) => setValue('branches', branches, { shouldValidate: isSubmitted })}
              available={[...new Set([...props.branches, ...props.account.branches])]}
              branchesError={errors.branches?.message ? t(errors.branches.message) : undefined}
            />
            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <Button variant="ghost">{t('cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {t('change.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Asks before a reset or a removal, which sign the account out everywhere. */
function ConfirmDialog(props: {
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} role="alertdialog">
          <Dialog.Title className={styles.dialogTitle}>{props.title}</Dialog.Title>
          <Dialog.Description>{props.description}</Dialog.Description>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button variant="ghost">{t('cancel')}</Button>
            </Dialog.Close>
            <Button
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void props.onConfirm().finally(() => setBusy(false));
              }}
            >
              {props.confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Pending =
  | { kind: 'change'; account: TeamAccount }
  | { kind: 'reset'; account: TeamAccount }
  | { kind: 'remove'; account: TeamAccount };

function TeamBoard({ supabase }: { supabase: SupabaseClient }) {
  const { t, i18n } = useTranslation('team');
  const team = useTeam(supabase);
  const change = useTeamChange(supabase);
  const refusal = useRefusalMessage();
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState<TemporaryPasswordReply | null>(null);

  if (team.isPending) return <p role="status">{t('loading')}</p>;
  if (team.isError) {
    return (
      <div role="alert" className={styles.card}>
        <p>{refusal(team.error)}</p>
        <Button variant="ghost" onClick={() => void team.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const { accounts, branches, self } = team.data;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Ho_Chi_Minh',
  });
  const roleText = (role: StaffRole) => t(`roles.${role}`);

  const resetPassword = async (account: TeamAccount) => {
    try {
      const reply = await change.mutateAsync({ action: 'reset-password', id: account.id });
      setPending(null);
      if (reply) setPassword(reply);
    } catch (error) {
      notify.error(refusal(error));
    }
  };
  const remove = async (account: TeamAccount) => {
    try {
      await change.mutateAsync({ action: 'remove', id: account.id });
      setPending(null);
      notify.success(t('remove.done', { email: account.email }));
    } catch (error) {
      notify.error(refusal(error));
    }
  };

  return (
    <>
      <AddAccountForm supabase={supabase} branches={branches} onPassword={setPassword} />
      <section className={styles.card} aria-labelledby="team-title">
        <h2 id="team-title" className={styles.cardTitle}>
          {t('list.title', { count: accounts.length })}
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('list.email')}</th>
              <th scope="col">{t('list.role')}</th>
              <th scope="col">{t('list.branches')}</th>
              <th scope="col">{t('list.mfa')}</th>
              <th scope="col">{t('list.lastSignIn')}</th>
              <th scope="col">{t('list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <th scope="row" data-label={t('list.email')}>
                  <span>
                    {account.email}
                    {account.id === self ? <span className={styles.you}> {t('list.you')}</span> : null}
                  </span>
                </th>
                <td data-label={t('list.role')}>{roleText(account.role)}</td>
                <td data-label={t('list.branches')}>
                  {account.role === 'host' ? account.branches.join(', ') : t('list.everyBranch')}
                </td>
                <td data-label={t('list.mfa')}>
                  <span>
                    <span aria-hidden="true">{account.mfa ? '✓ ' : '– '}</span>
                    {account.mfa ? t('list.mfaOn') : t('list.mfaOff')}
                  </span>
                </td>
                <td data-label={t('list.lastSignIn')}>
                  {account.lastSignInAt ? when.format(new Date(account.lastSignInAt)) : t('list.never')}
                </td>
                <td data-label={t('list.actions')}>
                  <div className={styles.actions}>
                    {account.id === self ? (
                      <span className={styles.muted}>{t('list.selfNote')}</span>
                    ) : (
                      <>
                        <Button
                          variant="secondary"
                          aria-label={t('list.changeFor', { email: account.email })}
                          onClick={() => setPending({ kind: 'change', account })}
                        >
                          {t('list.change')}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t('list.resetFor', { email: account.email })}
                          onClick={() => setPending({ kind: 'reset', account })}
                        >
                          {t('list.reset')}
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t('list.removeFor', { email: account.email })}
                          onClick={() => setPending({ kind: 'remove', account })}
                        >
                          {t('list.remove')}
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pending?.kind === 'change' ? (
        <ChangeRoleDialog
          supabase={supabase}
          account={pending.account}
          branches={branches}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'reset' ? (
        <ConfirmDialog
          title={t('reset.title', { email: pending.account.email })}
          description={t('reset.description')}
          confirm={t('reset.confirm')}
          onConfirm={() => resetPassword(pending.account)}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'remove' ? (
        <ConfirmDialog
          title={t('remove.title', { email: pending.account.email })}
          description={t('remove.description')}
          confirm={t('remove.confirm')}
          onConfirm={() => remove(pending.account)}
          onClose={() => setPending(null)}
        />
      ) : null}
      {password ? <PasswordDialog reply={password} onClose={() => setPassword(null)} /> : null}
    </>
  );
}

function TeamScreen() {
  const { t } = useTranslation('team');
  return (
    <StaffScreen
      title={t('title')}
      subtitle={t('subtitle')}
      notAuthorised={(email) => t('notAuthorised', { email })}
      allow={(claims) => claims.role === 'owner'}
      notAllowed={t('ownersOnly')}
    >
      {(supabase) => <TeamBoard supabase={supabase} />}
    </StaffScreen>
  );
}

export function TeamPage() {
  return (
    <VisitCache>
      <TeamScreen />
    </VisitCache>
  );
}
