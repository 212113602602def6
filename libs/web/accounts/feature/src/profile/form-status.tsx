/** The outcome of a profile form: the server's success message, or a failure text. */
export interface FormOutcome {
  ok: boolean;
  text: string;
}

export function FormStatus({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  return (
    <p className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'} form-status`} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}
