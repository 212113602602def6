import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { CartMeta } from '@aero/contracts';
import { CartTotals } from './cart-totals.js';

const meta: CartMeta = {
  before_discount: 1188,
  discount: 40.5,
  with_discount: 1147.5,
  voucher_discount: 114.75,
  final: 1032.75,
  voucher_code: 'HANGAR10',
  voucher_auto_applied: false,
  items_count: 3,
  currency: 'EUR',
};

const rows = () =>
  screen.getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);

describe('CartTotals', () => {
  it('shows Sub Total (before_discount), Discount, Voucher and Total (final) in EUR with two decimals', () => {
    render(<CartTotals meta={meta} />);
    expect(rows()).toEqual([
      ['Sub Total', '€1,188.00'],
      ['Discount', '-€40.50'],
      ['Voucher (HANGAR10)', '-€114.75'],
      ['Total', '€1,032.75'],
    ]);
  });

  it('hides the Voucher row when the voucher was applied automatically, and shows its reduction as its own row so the rows add up', () => {
    render(<CartTotals meta={{ ...meta, voucher_code: 'PART147AUTO', voucher_auto_applied: true }} />);
    expect(rows()).toEqual([
      ['Sub Total', '€1,188.00'],
      ['Discount', '-€40.50'],
      ['Automatic discount', '-€114.75'],
      ['Total', '€1,032.75'],
    ]);
    expect(screen.queryByText(/Voucher|PART147AUTO/)).toBeNull();
  });

  it('shows no automatic discount row when the automatic voucher takes nothing off', () => {
    render(<CartTotals meta={{ ...meta, voucher_auto_applied: true, voucher_discount: 0, final: 1147.5 }} />);
    expect(rows().map(([label]) => label)).toEqual(['Sub Total', 'Discount', 'Total']);
  });

  it('shows zero reductions as €0.00', () => {
    render(<CartTotals meta={{ ...meta, discount: 0, voucher_discount: 0, voucher_code: null, final: 1188 }} />);
    expect(rows()).toEqual([
      ['Sub Total', '€1,188.00'],
      ['Discount', '€0.00'],
      ['Voucher', '€0.00'],
      ['Total', '€1,188.00'],
    ]);
  });
});
