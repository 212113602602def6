import type { OrderPaid } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { availableTillOf } from './seat-validity.js';
import { seatEntriesOf, splitForPerson, UnknownProductError, type CatalogueProduct } from './seat-lines.js';

type Line = OrderPaid['lines'][number];
const line = (productId: number, productType: Line['productType'], quantity: number, programId: number | null, name = `Product ${productId}`): Line => ({
  productId,
  productType,
  name,
  quantity,
  programId,
  unitPriceCents: 100,
  totalCents: 100 * quantity,
});

const catalogue = new Map<number, CatalogueProduct>(
  [
    { id: 201, type: 'course', programId: 2001, name: 'Part-145 Initial', contents: [] },
    { id: 202, type: 'course', programId: 2002, name: 'Part-145 Continuation', contents: [] },
    { id: 302, type: 'certificate', programId: 2001, name: 'Certificate Part-145', contents: [] },
    { id: 402, type: 'package', programId: null, name: 'Team package', contents: [{ productId: 201, quantity: 5 }, { productId: 202, quantity: 5 }] },
    { id: 403, type: 'package', programId: null, name: 'With certificate', contents: [{ productId: 201, quantity: 1 }, { productId: 302, quantity: 1 }] },
    { id: 704, type: 'combined', programId: 3704, name: 'A320 CFM56 + LEAP', contents: [] },
  ].map((p) => [p.id, p as CatalogueProduct]),
);

describe('seats from an order (issue 12, docs/decisions.md)', () => {
  it('a course line gives its quantity of seats of its course', () => {
    expect(seatEntriesOf([line(201, 'course', 3, 2001, 'Part-145 Initial')])).toEqual([
      { lineNo: 0, productId: 201, kind: 'course', programId: 2001, courseName: 'Part-145 Initial', quantity: 3 },
    ]);
  });

  it('a package gives each contained course times the line quantity', () => {
    const entries = seatEntriesOf([line(402, 'package', 2, null)], catalogue);
    expect(entries.map((e) => [e.kind, e.programId, e.quantity])).toEqual([
      ['course', 2001, 10],
      ['course', 2002, 10],
    ]);
  });

  it('a certificate inside a package or on its own becomes certificate credits', () => {
    const entries = seatEntriesOf([line(403, 'package', 3, null), line(301, 'certificate', 2, null, 'Hard-copy certificate')], catalogue);
    expect(entries.map((e) => [e.lineNo, e.kind, e.programId, e.quantity])).toEqual([
      [0, 'course', 2001, 3],
      [0, 'certificate', 2001, 3],
      [1, 'certificate', null, 2],
    ]);
  });

  it('a combined product without listed contents gives its own course; wallet funds give nothing', () => {
    const entries = seatEntriesOf([line(704, 'combined', 2, 3704), line(501, 'wallet', 1, null)], catalogue);
    expect(entries.map((e) => [e.kind, e.programId, e.quantity])).toEqual([['course', 3704, 2]]);
  });

  it('a package the catalogue does not know fails the grant (retried) rather than granting nothing', () => {
    expect(() => seatEntriesOf([line(999, 'package', 1, null)], catalogue)).toThrow(UnknownProductError);
  });

  it('an individual takes one seat of each course they do not hold; the rest become seats', () => {
    const entries = seatEntriesOf([line(201, 'course', 3, 2001), line(202, 'course', 1, 2002), line(402, 'package', 1, null)], catalogue);
    const { enrolments, seats } = splitForPerson(entries, new Set([2002]));
    expect(enrolments.map((e) => [e.lineNo, e.programId])).toEqual([[0, 2001]]);
    expect(seats.map((s) => [s.lineNo, s.programId, s.quantity])).toEqual([
      [0, 2001, 2],
      [1, 2002, 1],
      [2, 2001, 5],
      [2, 2002, 5],
    ]);
  });

  it('a single course bought by an individual is an enrolment and no seat', () => {
    expect(splitForPerson(seatEntriesOf([line(201, 'course', 1, 2001)]), new Set())).toEqual({
      enrolments: [{ lineNo: 0, programId: 2001, courseName: 'Product 201' }],
      seats: [],
    });
  });

  it('seats are valid for the purchase year plus six months', () => {
    expect(availableTillOf(new Date('2026-01-01T00:00:00Z'))).toBe('2027-06-30');
    expect(availableTillOf(new Date('2026-12-31T23:59:59Z'))).toBe('2027-06-30');
  });
});
