/**
 * "Move to…": a booking's new table (one table or a combination) and time, chosen from two lists —
 * the way to move a booking without dragging, for a keyboard or a screen reader as for a finger.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import type { DayBooking } from '../host-view/api/branch-day.ts';
import styles from './timeline.module.css';

export interface MoveUnit {
  key: string;
  name: string;
  tableIds: string[];
  seats: string;
}

export function MoveDialog(props: {
  booking: DayBooking;
  units: MoveUnit[];
  steps: number[];
  currentTableIds: string[];
  currentStart: number;
  timeText: (minutes: number) => string;
  onClose: () => void;
  onMove: (target: { tableIds: string[] | undefined; start: number }) => void;
}) {
  const { t } = useTranslation('timeline');
  const tableId = useId();
  const timeId = useId();
  const [unit, setUnit] = useState('');
  const [start, setStart] = useState(props.currentStart);
  const steps = props.steps.includes(props.currentStart)
    ? props.steps
    : [...props.steps, props.currentStart].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onMove({ tableIds: props.units.find((candidate) => candidate.key === unit)?.tableIds, start });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>{t('moveTitle', { name: props.booking.name })}</Dialog.Title>
          <Dialog.Description className={styles.muted}>{t('moveTo')}</Dialog.Description>
          <form onSubmit={submit} className={styles.moveForm}>
            <label htmlFor={tableId}>{t('moveTable')}</label>
            <select id={tableId} value={unit} onChange={(event) => setUnit(event.target.value)}>
              <option value="">{t('keepTable')}</option>
              {props.units.map((candidate) => (
                <option key={candidate.key} value={candidate.key}>
                  {candidate.name} ({candidate.seats})
                </option>
              ))}
            </select>
            <label htmlFor={timeId}>{t('moveTime')}</label>
            <select id={timeId} value={start} onChange={(event) => setStart(Number(event.target.value))}>
              {steps.map((step) => (
                <option key={step} value={step}>
                  {props.timeText(step)}
                </option>
              ))}
            </select>
            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <Button variant="ghost">{t('cancel')}</Button>
              </Dialog.Close>
              <Button type="submit">{t('move')}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
