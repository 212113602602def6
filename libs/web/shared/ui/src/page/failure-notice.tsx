import { useTranslation } from 'react-i18next';
import { failureMessage, failureStatus } from '@aero/web-shared-util';

export interface FailureNoticeProps {
  /** The failed call's error; nothing is shown without one. */
  failure: unknown;
  /** What a 404 says (e.g. 'Employee not found'); by default the server's message like any failure. */
  notFound?: string;
}

/** Why a page could not be read: the server's message, else 'Something went wrong' (an alert). */
export function FailureNotice({ failure, notFound }: FailureNoticeProps) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p className="notice notice--error" role="alert">
      {notFound !== undefined && failureStatus(failure) === 404 ? notFound : (failureMessage(failure) ?? t('errors.generic'))}
    </p>
  );
}
