/**
 * The owner's no-show rule on the guest page (issue 25): how many no-shows in how many months mark
 * a guest. Shown to owners only; the database refuses anyone else's update all the same (RLS).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './guests.module.css';
import { loadNoShowRule, noShowRuleSchema, saveNoShowRule } from './guests-api.ts';

// What the two boxes hold, read as the rule the table accepts (its checks: 1–50 and 1–60).
const formSchema = z.object({
  no_show_limit: z.string().trim().regex(/^\d+$/).transform(Number).pipe(noShowRuleSchema.shape.no_show_limit),
  no_show_months: z.string().trim().regex(/^\d+$/).transform(Number).pipe(noShowRuleSchema.shape.no_show_months),
});

export function NoShowRuleForm({ supabase }: { supabase: SupabaseClient }) {
  const { t } = useTranslation('admin');
  const ids = { limit: useId(), months: useId(), limitError: useId(), monthsError: useId() };
  const [limit, setLimit] = useState<string>();
  const [months, setMonths] = useState('');
  const [errors, setErrors] = useState<{ limit?: boolean; months?: boolean }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadNoShowRule(supabase).then(
      (rule) => {
        setLimit(String(rule.no_show_limit));
        setMonths(String(rule.no_show_months));
      },
      () => notify.error(t('guests.rule.loadFailed')),
    );
  }, [supabase, t]);

  if (limit === undefined) return null;
  const submit = async () => {
    const parsed = formSchema.safeParse({ no_show_limit: limit, no_show_months: months });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({ limit: fields.has('no_show_limit'), months: fields.has('no_show_months') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveNoShowRule(supabase, parsed.data);
      notify.success(t('guests.rule.saved', { limit: parsed.data.no_show_limit, months: parsed.data.no_show_months }));
    } catch {
      notify.error(t('guests.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.rule}
      aria-labelledby="no-show-rule-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="no-show-rule-title" className={styles.title}>
        {t('guests.rule.title')}
      </h2>
      <p>{t('guests.rule.explain')}</p>
      <div className={styles.actions}>
        <label htmlFor={ids.limit}>{t('guests.rule.limit')}</label>
        <input
          id={ids.limit}
          inputMode="numeric"
          className={styles.number}
          value={limit}
          aria-invalid={errors.limit ? true : undefined}
          aria-describedby={errors.limit ? ids.limitError : undefined}
          onChange={(event) => setLimit(event.target.value)}
        />
        <label htmlFor={ids.months}>{t('guests.rule.months')}</label>
        <input
          id={ids.months}
          inputMode="numeric"
          className={styles.number}
          value={months}
          aria-invalid={errors.months ? true : undefined}
          aria-describedby={errors.months ? ids.monthsError : undefined}
          onChange={(event) => setMonths(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {t('guests.rule.save')}
        </Button>
      </div>
      {errors.limit ? (
        <p id={ids.limitError} role="alert" className={styles.error}>
          {t('guests.rule.limitError')}
        </p>
      ) : null}
      {errors.months ? (
        <p id={ids.monthsError} role="alert" className={styles.error}>
          {t('guests.rule.monthsError')}
        </p>
      ) : null}
    </form>
  );
}
