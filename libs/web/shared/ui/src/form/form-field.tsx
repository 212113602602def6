import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './form.css';

/** Ids and ARIA attributes a control inside a `Field` takes. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Shows the required star next to the label (and aria-required on the control). */
  required?: boolean;
  hint?: ReactNode;
  /** The field's (first) server message, shown under it. */
  error?: string;
  className?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The star of a required field; screen readers get "required" from aria-required instead. */
export function RequiredStar() {
  return (
    <span className="required-star" aria-hidden="true">
      *
    </span>
  );
}

/**
 * A labelled form field: label (with a star when required), the control, a hint and the error
 * message under it (spec: "The first message is shown under the field").
 */
export function Field({ label, required, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && <RequiredStar />}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  fieldClassName?: string;
}

/** A text input in a `Field`. */
export function TextField({ label, value, onValueChange, hint, error, required, fieldClassName, type = 'text', ...input }: TextFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error} className={fieldClassName}>
      {(control) => (
        <input {...input} {...control} type={type} className="form-field__input" value={value} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </Field>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

export function TextAreaField({ label, value, onValueChange, hint, error, required, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          rows={rows}
          className="form-field__input form-field__textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  name?: string;
  disabled?: boolean;
}

/** A checkbox with its label on the right and its error under it. */
export function CheckboxField({ label, checked, onCheckedChange, error, required, name, disabled }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form-check${error ? ' form-check--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        name={name}
        className="form-check__input"
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required ? true : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id} className="form-check__label">
        {label}
        {required && <RequiredStar />}
      </label>
      {error && (
        <p id={errorId} className="field-error form-check__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first message of each field of a 422 answer (spec: the first message is shown). */
export function firstMessages(errors: Record<string, readonly string[] | undefined>): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages?.[0];
    if (typeof message === 'string' && message !== '') first[field] = message;
  }
  return first;
}
