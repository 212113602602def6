import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { get, useController, useFormContext, useFormState, type ControllerRenderProps } from 'react-hook-form';
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

/** The message under a field of the surrounding form (`SchemaForm`): a rule of its schema or the server's. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error: { message?: unknown } | undefined = get(errors, name);
  return typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'defaultValue' | 'onChange'> {
  /** The field of the surrounding form. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  fieldClassName?: string;
}

/** A text input of the surrounding form, in a `Field` with its message. */
export function TextField({ name, label, hint, required, fieldClassName, type = 'text', ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} hint={hint} error={error} className={fieldClassName}>
      {(control) => <input {...input} {...control} type={type} className="form-field__input" {...register(name)} />}
    </Field>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'value' | 'defaultValue' | 'onChange'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}

/** A textarea of the surrounding form, in a `Field` with its message. */
export function TextAreaField({ name, label, hint, required, rows = 4, ...textarea }: TextAreaFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} rows={rows} className="form-field__input form-field__textarea" {...register(name)} />}
    </Field>
  );
}

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Also called when the box is ticked or unticked (after the form took the value). */
  onCheckedChange?: (checked: boolean) => void;
}

/** A checkbox of the surrounding form with its label on the right and its message under it. */
export function CheckboxField({ name, label, required, disabled, onCheckedChange }: CheckboxFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form-check${error ? ' form-check--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="form-check__input"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required ? true : undefined}
        {...register(name, { onChange: (event: { target: HTMLInputElement }) => onCheckedChange?.(event.target.checked) })}
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

export interface ControlledFieldProps extends Omit<FieldProps, 'error' | 'children'> {
  name: string;
  /** Renders the control (a country selector, a date input, a select) with the field's value and change handler. */
  children: (control: FieldControlProps, field: ControllerRenderProps) => ReactNode;
}

/** A field of the surrounding form whose control holds its own value (`value` and `onChange` from the form). */
export function ControlledField({ name, children, ...field }: ControlledFieldProps) {
  const { field: value, fieldState } = useController({ name });
  return (
    <Field {...field} error={fieldState.error?.message}>
      {(control) => children(control, value)}
    </Field>
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
