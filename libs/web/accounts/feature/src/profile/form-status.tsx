import { AccountMessages } from '@aero/contracts';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormError, SchemaForm, serverMessageOr, SubmitButton, type ServerFailure } from '@aero/web-shared-ui';

/** The outcome of a profile action: the server's success message, or a failure text. */
export interface FormOutcome {
  ok: boolean;
  text: string;
}

export function OutcomeNotice({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  return (
    <p className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'} form-status`} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}

/**
 * The outcome of a profile form: the server's success message, or the error of a refusal (the
 * top message its `FormRefusal.message` gives).
 */
export function FormStatus({ saved }: { saved: string | null }) {
  return saved ? <OutcomeNotice outcome={{ ok: true, text: saved }} /> : <FormError className="form-status" />;
}

export interface ProfileSectionFormProps<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  /** The form's accessible name (its section's title). */
  label: string;
  /** Sends the values; its answer's message says they were saved. */
  save: (values: Values) => Promise<{ message?: string | null }>;
  /** What the form says when the answer has no message. */
  savedText: string;
  /** What else happens once saved (the text shown). */
  onSaved?: (text: string) => void;
  /** The message above the fields of a refusal: the server's, else "Something went wrong". */
  refusalMessage?: (answer: ServerFailure) => string | undefined;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}

/**
 * A form of the profile screen: its fields, then the outcome (the saved message until the next
 * submit, or the refusal's message, with the form-invalid message of the accounts service for
 * what the browser refuses) and the submit button.
 */
export function ProfileSectionForm<Values extends FieldValues>({
  form,
  label,
  save,
  savedText,
  onSaved,
  refusalMessage = (answer) => serverMessageOr(answer),
  submitLabel,
  busy,
  children,
}: ProfileSectionFormProps<Values>) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <SchemaForm
      form={form}
      className="form"
      aria-label={label}
      onSubmit={(values) => {
        setSaved(null);
        return save(values).then((answer) => {
          const text = answer.message ?? savedText;
          setSaved(text);
          onSaved?.(text);
        });
      }}
      refusal={{ invalidMessage: AccountMessages.formInvalid, message: refusalMessage, onRefused: () => setSaved(null) }}
    >
      {children}
      <FormStatus saved={saved} />
      <div className="form-actions">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
