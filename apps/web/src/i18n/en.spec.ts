import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { english, ENGLISH_FILES } from './catalogue.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Keys the spec names word for word. */
const SPEC_KEYS = [
  'exceptions.voucher.required',
  'voucher.success',
  'cart.credit-cart-flash-error',
  'registration.flash_error',
  'subscribe.success',
  'subscribe.error',
  'employee.create-error',
];

/** Literal texts of the spec's error catalogues and screens. */
const SPEC_TEXTS = [
  'Could not add product to cart.',
  'Product added to cart',
  'Could not remove product from cart.',
  'Product removed from cart',
  'Could not empty cart.',
  'Cart is empty',
  'Please try again',
  'Something went wrong',
  'Something went wrong!',
  'Sorry, your transaction could not be processed.',
  'Oops...',
  'Oops! No items found. Consider changing the search query.',
  'Oops! No countries found.',
  'Some fields contain errors. Please correct them and try again.',
  "Thanks for contacting us! We've received your request and will respond as soon as possible.",
  'Send a quote',
  'Get in Touch',
  'Click on engine to modify course contents',
  'The form is not valid. Please fix corresponding errors to complete your payment.',
  'You need to write something!',
  'You cannot share more than 50 courses at once!',
  'You have incorrect emails',
  'You have duplicated emails',
  'Could not get availability list. Please try again.',
  'Could not get course progress. Please try again.',
  'Success! Your question was sent to instructor.',
  'Invitation resent successfully!',
  'Too Many Requests',
  'Are you sure?',
  'You wound not be able to revert this!',
  'Deleted!',
  'The invitation has been removed.',
  'Failed to delete the invitation.',
  'Hooray !!!',
  'My pending invitations',
  'Please verify that you are not a robot.',
  'The activation code does not exists',
];

function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('English catalogue', () => {
  it('is split by area: each top-level key lives in one file', () => {
    const owners = new Map<string, string[]>();
    for (const [file, catalogue] of Object.entries(ENGLISH_FILES)) {
      for (const key of Object.keys(catalogue)) owners.set(key, [...(owners.get(key) ?? []), file]);
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
    expect(Object.keys(english).sort()).toEqual([...owners.keys()].sort());
    // Every file has its own texts (none is an empty placeholder).
    expect(Object.entries(ENGLISH_FILES).filter(([, catalogue]) => leaves(catalogue).length === 0)).toEqual([]);
  });

  it('holds every key the spec names', () => {
    for (const key of SPEC_KEYS) expect([key, i18next.exists(key)]).toEqual([key, true]);
  });

  it('holds the literal messages of the spec', () => {
    const texts = new Set(leaves(english).map(([, text]) => text));
    expect(SPEC_TEXTS.filter((text) => !texts.has(text))).toEqual([]);
  });

  it('has a text for every literal t("...") key used by the web code', () => {
    const files = [...sourceFiles(join(repoRoot, 'apps/web/src')), ...sourceFiles(join(repoRoot, 'libs/web'))];
    const used = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z0-9_.-]+)'/gi)].map((match) => match[1]),
    );
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((key) => !i18next.exists(key))).toEqual([]);
  });
});
