import { initI18n } from '@aero/web-shared-util';
import en from './en.json' with { type: 'json' };

/** The app's i18next instance, with the English catalogue (every user-facing text). */
export const i18n = initI18n(en);
