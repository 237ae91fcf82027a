/**
 * One form field: a visible label wired to its control, and an error wired with aria-invalid
 * and aria-describedby, so every field is reachable by its label in tests and screen readers.
 * The control is passed as a render function that receives the ids and aria attributes.
 */
import { type ReactNode, useId } from 'react';
import styles from './form-field.module.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export function FormField(props: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, props.className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
        {props.required ? (
          <span aria-hidden="true" className={styles.required}>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {props.children({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': props.required || undefined,
      })}
      {props.hint ? (
        <p id={hintId} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className={styles.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
