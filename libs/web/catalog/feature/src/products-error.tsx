import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@aero/web-shared-api';

/** A failed catalogue call: the server's message, else "Something went wrong". */
export function ProductsError({ error }: { error: FetchBaseQueryError | SerializedError | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--error" role="alert">
      {serverMessage(error) ?? t('errors.generic')}
    </div>
  );
}
