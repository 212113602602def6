import { FormError } from '@aero/web-shared-ui';

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
