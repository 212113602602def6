import type { OrderPaid, ProductType } from '@aero/contracts';

/** What the grant needs to know of a product of the catalogue. */
export interface CatalogueProduct {
  id: number;
  type: ProductType;
  programId: number | null;
  name: string;
  /** The products a package (or a combined product) contains, with their quantity. */
  contents: { productId: number; quantity: number }[];
}

/** One grant to make: seats of a course (or certificate credits) from one order line. */
export interface SeatEntry {
  lineNo: number;
  productId: number;
  kind: 'course' | 'certificate';
  /** Null only for certificate credits valid for any course. */
  programId: number | null;
  courseName: string;
  quantity: number;
}

/** A course the buyer takes themselves (an individual's purchase). */
export interface Enrolment {
  lineNo: number;
  programId: number;
  courseName: string;
}

export class UnknownProductError extends Error {
  constructor(readonly productId: number) {
    super(`product ${productId} is not in the catalogue: its contents cannot be granted`);
    this.name = 'UnknownProductError';
  }
}

/** Lines whose seats depend on what the catalogue says they contain. */
export function needsCatalogue(lines: OrderPaid['lines']): boolean {
  return lines.some((line) => line.productType === 'package' || line.productType === 'combined');
}

/**
 * The seats an order's lines give (docs/decisions.md, "Seats from an order"): a course (or a
 * pre-order) line its quantity of its course; a package each contained course times the line
 * quantity; a combined product its courses (the catalogue's contents, or its own course when it
 * lists none); a hard-copy certificate as many certificate credits (for its course, or any);
 * wallet funds nothing. Entries of one line for the same course are added up.
 */
export function seatEntriesOf(lines: OrderPaid['lines'], catalogue: ReadonlyMap<number, CatalogueProduct> = new Map()): SeatEntry[] {
  const entries = new Map<string, SeatEntry>();
  const add = (entry: SeatEntry) => {
    const key = `${entry.lineNo}:${entry.kind}:${entry.programId ?? 0}`;
    const existing = entries.get(key);
    if (existing) existing.quantity += entry.quantity;
    else entries.set(key, { ...entry });
  };
  lines.forEach((line, lineNo) => {
    const base = { lineNo, productId: line.productId };
    switch (line.productType) {
      case 'course':
      case 'pre_order':
        if (line.programId !== null) add({ ...base, kind: 'course', programId: line.programId, courseName: line.name, quantity: line.quantity });
        return;
      case 'certificate':
        add({ ...base, kind: 'certificate', programId: line.programId, courseName: line.name, quantity: line.quantity });
        return;
      case 'package':
      case 'combined': {
        const product = catalogue.get(line.productId);
        if (!product) {
          if (line.productType === 'combined' && line.programId !== null) {
            add({ ...base, kind: 'course', programId: line.programId, courseName: line.name, quantity: line.quantity });
            return;
          }
          throw new UnknownProductError(line.productId);
        }
        if (product.contents.length === 0 && line.programId !== null) {
          add({ ...base, kind: 'course', programId: line.programId, courseName: line.name, quantity: line.quantity });
          return;
        }
        for (const item of product.contents) {
          const contained = catalogue.get(item.productId);
          if (!contained) throw new UnknownProductError(item.productId);
          const quantity = item.quantity * line.quantity;
          if (contained.type === 'certificate') {
            add({ ...base, kind: 'certificate', programId: contained.programId, courseName: contained.name, quantity });
          } else if (contained.programId !== null) {
            add({ ...base, kind: 'course', programId: contained.programId, courseName: contained.name, quantity });
          }
        }
        return;
      }
      case 'wallet':
        return;
    }
  });
  return [...entries.values()];
}

/**
 * An individual's purchase (docs/decisions.md): each course they do not hold yet is theirs at
 * once (one seat of the first line that gives it becomes their enrolment) and the rest become
 * seats to share. A company's purchase is all seats (no call to this).
 */
export function splitForPerson(entries: SeatEntry[], held: ReadonlySet<number>): { enrolments: Enrolment[]; seats: SeatEntry[] } {
  const enrolments: Enrolment[] = [];
  const taken = new Set<number>(held);
  const seats: SeatEntry[] = [];
  for (const entry of [...entries].sort((a, b) => a.lineNo - b.lineNo)) {
    let quantity = entry.quantity;
    if (entry.kind === 'course' && entry.programId !== null && !taken.has(entry.programId)) {
      taken.add(entry.programId);
      enrolments.push({ lineNo: entry.lineNo, programId: entry.programId, courseName: entry.courseName });
      quantity -= 1;
    }
    if (quantity > 0) seats.push({ ...entry, quantity });
  }
  return { enrolments, seats };
}
