import type { Catalogue } from '@aero/web-shared-util';
import accounts from './en/accounts.json' with { type: 'json' };
import app from './en/app.json' with { type: 'json' };
import cart from './en/cart.json' with { type: 'json' };
import catalog from './en/catalog.json' with { type: 'json' };
import checkout from './en/checkout.json' with { type: 'json' };
import content from './en/content.json' with { type: 'json' };
import employees from './en/employees.json' with { type: 'json' };
import errors from './en/errors.json' with { type: 'json' };
import exams from './en/exams.json' with { type: 'json' };
import learning from './en/learning.json' with { type: 'json' };
import orders from './en/orders.json' with { type: 'json' };
import reports from './en/reports.json' with { type: 'json' };
import shared from './en/shared.json' with { type: 'json' };
import sharing from './en/sharing.json' with { type: 'json' };
import site from './en/site.json' with { type: 'json' };

/**
 * The English texts, one file per area of the web app (`en/<area>.json`): the shell (`app`),
 * the shared widgets and the spec's error catalogues, then one per feature. Each file owns its
 * top-level keys (`profile.*` lives in accounts.json only), so a key is written once and a
 * feature's texts are found next to each other.
 */
export const ENGLISH_FILES = { app, shared, errors, catalog, cart, checkout, orders, content, accounts, site, learning, exams, employees, sharing, reports } satisfies Record<string, Catalogue>;

/** The whole English catalogue (i18next's `translation` namespace). */
export const english: Catalogue = Object.fromEntries(Object.values(ENGLISH_FILES).flatMap((file) => Object.entries(file)));
