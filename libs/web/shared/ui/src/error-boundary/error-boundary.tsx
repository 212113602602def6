import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientErrorOf, reportClientError } from '@aero/web-shared-util';
import './error-boundary.css';

export interface ErrorFallbackProps {
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/** "Something went wrong" with a reload button. */
export function ErrorFallback({ onReload = () => window.location.reload() }: ErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <section className="error-fallback" role="alert">
      <h1 className="error-fallback__title">{t('errors.generic')}</h1>
      <p>{t('errors.generic-hint')}</p>
      <button type="button" className="btn btn--primary" onClick={onReload}>
        {t('errors.reload')}
      </button>
    </section>
  );
}

export interface ErrorBoundaryProps extends ErrorFallbackProps {
  children: ReactNode;
  /** When this value changes (e.g. the address), a caught error is forgotten. */
  resetKey?: unknown;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors below it, reports them (POST /api/client-errors) and shows ErrorFallback instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // To the error reports (the gateway adds who: the signed-in user or 'Not logged in').
    void reportClientError({ ...clientErrorOf('error_boundary', error), ...(info.componentStack ? { stack: `${error.stack ?? ''}\n${info.componentStack}`.slice(0, 8000) } : {}) });
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorFallback onReload={this.props.onReload} />;
    return this.props.children;
  }
}
