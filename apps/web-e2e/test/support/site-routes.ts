import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

/** The route table of the web app: `appRoutes` (and `PLACEHOLDER_ROUTES`) of this file. */
export const ROUTE_TABLE = resolve(import.meta.dirname, '../../../web/src/app/routes.tsx');

/**
 * Every route pattern of the web app's route table, as the browser router matches them
 * (`/e-shop/:slug`, `/*`), read from the source of `appRoutes`: nested `path`s are joined to their
 * parent's, an index route is its parent's path, and the placeholder screens spread into the table
 * are read from `PLACEHOLDER_ROUTES`. A route added to the table is here at once.
 */
export function routePatterns(source = readFileSync(ROUTE_TABLE, 'utf8')): string[] {
  const file = ts.createSourceFile(ROUTE_TABLE, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const variable = (name: string): ts.Expression => {
    let found: ts.Expression | undefined;
    file.forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) found = node.initializer;
      else node.forEachChild(visit);
    });
    if (!found) throw new Error(`${ROUTE_TABLE} has no ${name}`);
    return found;
  };
  const join = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);
  const placeholders = (): string[] => {
    const table = variable('PLACEHOLDER_ROUTES');
    if (!ts.isArrayLiteralExpression(table)) throw new Error('PLACEHOLDER_ROUTES is not an array literal');
    return table.elements.map((entry) => {
      if (!ts.isArrayLiteralExpression(entry) || !ts.isStringLiteral(entry.elements[0])) throw new Error('a placeholder route is not [path, screen]');
      return entry.elements[0].text;
    });
  };

  const patterns: string[] = [];
  const walk = (routes: ts.Expression, parent: string) => {
    if (!ts.isArrayLiteralExpression(routes)) throw new Error(`routes under ${parent} are not an array literal`);
    for (const route of routes.elements) {
      if (ts.isSpreadElement(route)) {
        // `...PLACEHOLDER_ROUTES.map(([path, screen]) => …)`
        if (!route.expression.getText().startsWith('PLACEHOLDER_ROUTES.')) throw new Error(`unknown spread in the route table: ${route.getText()}`);
        patterns.push(...placeholders().map((path) => join(parent, path)));
        continue;
      }
      if (!ts.isObjectLiteralExpression(route)) throw new Error(`a route is not an object literal: ${route.getText()}`);
      const property = (name: string) =>
        route.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
      const path = property('path');
      const own = path && ts.isStringLiteral(path) ? join(parent, path.text) : parent;
      const children = property('children');
      if (children) walk(children, own);
      else patterns.push(own);
    }
  };
  walk(variable('appRoutes'), '/');
  return [...new Set(patterns)];
}

/** Who browses a page. */
export type Visitor = 'visitor' | 'student' | 'company admin';

export interface SitePage {
  /** The route pattern of the table. */
  route: string;
  /** The address the journeys open for it. */
  path: string;
}

/**
 * The address each route pattern is opened at: its parameters filled with demo data (the demo
 * catalogue and syllabus) where there is some, with an unknown id where the journey has none (the
 * screen's not-found or error state, which is a page of the site too).
 */
const SAMPLES: Record<string, string> = {
  '/tickets/:shareTo': '/tickets/K7QF-3MZP-W2XD',
  '/sandbox/3ds/:id': '/sandbox/3ds/00000000-0000-4000-8000-000000000000',
  '/sandbox/paypal/:orderID': '/sandbox/paypal/PAYID-UNKNOWN',
  '/e-shop/:slug': '/e-shop/part-66-module-7-maintenance-practices',
  '/password/reset/:token': '/password/reset/unknown-token?email=anna%40example.com',
  '/payment/bank-wire/:orderId': '/payment/bank-wire/00000000-0000-4000-8000-000000000000',
  '/payment/success/:orderId': '/payment/success/00000000-0000-4000-8000-000000000000',
  '/course/:courseId': '/course/1007',
  '/course/:courseId/chapter/:slug': '/course/1007/chapter/m7-safety',
  '/course/:courseId/exam/:examId': '/course/1007/exam/1',
  '/course/:courseId/exam/:examId/results': '/course/1007/exam/1/results',
  '/certificates/verify/:number': '/certificates/verify/AMA-2026-7KQ3-M9TX',
  '/organize-course/success/:recipients': '/organize-course/success/anna%40example.com,K7QF-3MZP-W2XD',
  '/employees/:id': '/employees/999999',
  '/employees/:id/edit': '/employees/999999/edit',
  '/employee-groups/:id': '/employee-groups/999999',
  '/invitations/:id/edit': '/invitations/999999/edit',
  '/articles/:slug': '/articles/terms-and-conditions',
  '/*': '/no-such-page',
};

/**
 * Every page of the site, one per route of the table, at the address the journeys open: the
 * accessibility and the layout journeys browse these. A route with a parameter and no sample
 * fails here, so a new route is never left out silently.
 */
export function sitePages(): SitePage[] {
  return routePatterns().map((route) => {
    if (!route.includes(':') && !route.includes('*')) return { route, path: route };
    const path = SAMPLES[route];
    if (!path) throw new Error(`The route ${route} has no sample address in apps/web-e2e/test/support/site-routes.ts`);
    return { route, path };
  });
}
