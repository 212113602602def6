import './badge.css';

/** The round × button that closes a notice or a banner; `label` says what it closes. */
export function DismissButton({ label, onDismiss, className }: { label: string; onDismiss: () => void; className?: string }) {
  return (
    <button type="button" className={className ? `dismiss-button ${className}` : 'dismiss-button'} aria-label={label} onClick={onDismiss}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
