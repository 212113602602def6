import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** A translation catalogue: nested keys (`exceptions.voucher.required`) to English texts. */
export type Catalogue = Resource[string][string];

/**
 * Sets up the shared i18next instance (react-i18next's default) with the English catalogue,
 * synchronously, so the first render already has its texts. Calling it again is a no-op.
 */
export function initI18n(english: Catalogue): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: english } },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  return i18next;
}
