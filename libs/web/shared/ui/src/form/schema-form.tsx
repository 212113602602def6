import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, useForm, useFormState, type FieldErrors, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { failureFieldErrors, failureMessage, failureStatus } from '@aero/web-shared-util';
import { firstMessages } from './form-field.js';

/*
 * The form kit: a form holds its fields with react-hook-form and checks them with the zod schema
 * of its request (libs/contracts, `*.schema.ts`) before anything is sent, so it shows the same
 * words the server would. A refused post (422 `{ message, errors: { field: [messages] } }`) shows
 * the same way (`showServerFailure`): each field's first message under the field, the top message
 * above the fields (`<FormError />`), and `FormRefusal.onRefused` for the rest (a flash).
 */

/** A request schema whose input is the form's values. */
export type RequestSchema<Values extends FieldValues> = z.ZodType<unknown, Values>;

/**
 * A form checked by its request schema. Submitting runs the schema first: while a field breaks
 * a rule, the form shows the rule's message under it and `onSubmit` is not called. `onSubmit`
 * gets the values as the form holds them (the server reads and trims them itself).
 */
export function useSchemaForm<Values extends FieldValues>(schema: RequestSchema<Values>, options: Omit<UseFormProps<Values>, 'resolver'> = {}): UseFormReturn<Values> {
  return useForm<Values>({
    // Focus stays where the user is; the messages are read out through aria-describedby.
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema as z.ZodType<Values, Values>, undefined, { raw: true }),
  });
}

/** What a failed submit answered. */
export interface ServerFailure {
  status?: number;
  /** The answer's top message. */
  message?: string;
  /** The first message of each field, by the server's field names. */
  fields: Record<string, string>;
}

/** A failed call's status, top message and the first message of each field. */
export function readServerFailure(failure: unknown): ServerFailure {
  return { status: failureStatus(failure), message: failureMessage(failure), fields: firstMessages(failureFieldErrors(failure)) };
}

/** The text of the form-level error: the server's message, else the generic one. */
export function serverMessageOr(failure: ServerFailure, fallback = i18next.t('errors.generic')): string {
  return failure.message ?? fallback;
}

/** The error above the fields of a form (shown by `<FormError />`). */
export const FORM_ERROR = 'root.server' as const;

/** How a form shows a refusal, the server's (422) or the browser's (a rule of the schema). */
export interface FormRefusal<Values extends FieldValues> {
  /**
   * The top message of a refusal found in the browser: the one this form's 422 carries
   * (`AccountMessages.formInvalid`), so that both refusals read the same.
   */
  invalidMessage?: string;
  /** Server fields shown under another field of the form (`invitation_token` under `email`); a field's own message wins. */
  shownUnder?: Partial<Record<string, Path<Values>>>;
  /**
   * The error above the fields, if any. Default: the server's message (else "Something went
   * wrong") when no field got a message.
   */
  message?: (answer: ServerFailure) => string | undefined;
  /** What else the page does when the form is refused (a flash). */
  onRefused?: (answer: ServerFailure) => void;
}

const unplacedMessage = (answer: ServerFailure) => (Object.keys(answer.fields).length === 0 ? serverMessageOr(answer) : undefined);

function showTopMessage<Values extends FieldValues>(form: UseFormReturn<Values>, answer: ServerFailure, refusal: FormRefusal<Values>): ServerFailure {
  const top = (refusal.message ?? unplacedMessage)(answer);
  if (top !== undefined) form.setError(FORM_ERROR, { type: 'server', message: top });
  refusal.onRefused?.(answer);
  return answer;
}

/**
 * Shows a failed submit on the form: each field's first message under that field (spec: "The
 * first message is shown under the field"), and the top message above the fields. Returns what
 * the server answered.
 */
export function showServerFailure<Values extends FieldValues>(form: UseFormReturn<Values>, failure: unknown, refusal: FormRefusal<Values> = {}): ServerFailure {
  const answer = readServerFailure(failure);
  const shownUnder = refusal.shownUnder ?? {};
  const placed = new Set<string>();
  // Fields of the form first, then the ones shown under another field (only where that field has no message).
  const entries = Object.entries(answer.fields).sort(([a], [b]) => Number(a in shownUnder) - Number(b in shownUnder));
  for (const [field, text] of entries) {
    const target = shownUnder[field] ?? field;
    if (placed.has(target)) continue;
    placed.add(target);
    form.setError(target as Path<Values>, { type: 'server', message: text });
  }
  return showTopMessage(form, answer, refusal);
}

/** Shows a refusal found in the browser like the server's: the fields carry their messages already. */
export function showBrowserRefusal<Values extends FieldValues>(form: UseFormReturn<Values>, errors: FieldErrors<Values>, refusal: FormRefusal<Values> = {}): ServerFailure {
  const fields: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (field !== 'root' && typeof message === 'string') fields[field] = message;
  }
  return showTopMessage(form, { status: 422, message: refusal.invalidMessage, fields }, refusal);
}

export interface SchemaFormProps<Values extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: UseFormReturn<Values>;
  /**
   * Sends the values once they pass the schema. A rejection (an RTK Query `unwrap()` failure)
   * is the server's refusal and is shown on the form.
   */
  onSubmit: (values: Values) => Promise<unknown> | void;
  /** How the form shows a refusal. */
  refusal?: FormRefusal<Values>;
  children: ReactNode;
}

/**
 * A `<form>` of the kit: its fields (TextField, CheckboxField, ControlledField …) read the form
 * from context. A submit that breaks a rule of the schema sends nothing and shows the messages;
 * a refusal of the server shows the same way (`showServerFailure`).
 */
export function SchemaForm<Values extends FieldValues>({ form, onSubmit, refusal = {}, children, ...attributes }: SchemaFormProps<Values>) {
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (failure) {
        showServerFailure(form, failure, refusal);
      }
    },
    (errors) => void showBrowserRefusal(form, errors, refusal),
  );
  return (
    <FormProvider {...form}>
      <form noValidate {...attributes} onSubmit={(event) => void submit(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The error above the fields (`showServerFailure`'s top message), if any; `children` follow the message. */
export function FormError({ className, id, children }: { className?: string; id?: string; children?: ReactNode }) {
  const { errors } = useFormState();
  const message = errors.root?.['server']?.message;
  if (!message) return null;
  return (
    <p id={id} className={`notice notice--error${className ? ` ${className}` : ''}`} role="alert">
      {message}
      {children}
    </p>
  );
}

export interface SubmitButtonProps {
  /** The form is being sent: the button is disabled and says so (aria-busy). */
  busy: boolean;
  /** Disabled for another reason as well. */
  disabled?: boolean;
  children: ReactNode;
}

/** A form's primary submit button. */
export function SubmitButton({ busy, disabled, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn--primary" disabled={busy || disabled} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
