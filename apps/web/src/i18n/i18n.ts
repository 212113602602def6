import { initI18n } from '@aero/web-shared-util';
import { english } from './catalogue.js';

/** The app's i18next instance, with the English catalogue (every user-facing text). */
export const i18n = initI18n(english);
