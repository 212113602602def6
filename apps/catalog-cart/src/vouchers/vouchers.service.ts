import type { CartMeta, CartOwner, VoucherReservation, VoucherReserveRequest } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CartService, ownerKey } from '../cart/cart.service.js';
import { ruleLines } from '../cart/cart-pricing.js';
import { ProductsService } from '../products/products.service.js';
import { voucherError } from './voucher-errors.js';
import { rejectionReason, type RuleLine } from './voucher-rules.js';
import { normaliseCode, VoucherStore } from './voucher-store.js';

/**
 * Applying vouchers to carts, and the reservation of a use when an order is placed. A use is
 * reserved under a row lock on the voucher, so a single-use voucher can never be used twice.
 */
@Injectable()
export class VouchersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: VoucherStore,
    private readonly carts: CartService,
    private readonly products: ProductsService,
  ) {}

  async apply(owner: CartOwner, rawCode: string | undefined): Promise<CartMeta> {
    const code = normaliseCode(rawCode ?? '');
    if (!code) throw voucherError('Required');
    const voucher = (await this.store.active()).get(code);
    if (!voucher) throw voucherError('NotFound');

    const cart = await this.carts.load(this.dataSource, ownerKey(owner));
    const current = await this.carts.price(cart, owner);
    if (current.meta.voucher_code === code && !current.meta.voucher_auto_applied) return current.meta;

    const usage = await this.store.usage(this.dataSource, code, owner.userId ?? null);
    const reason = rejectionReason(voucher, {
      now: new Date(),
      lines: ruleLines(cart.lines),
      otherVoucherApplied: current.meta.voucher_code !== null,
      hasPaidOrder: await this.store.hasPaidOrder(this.dataSource, owner.userId),
      usesTotal: usage.total,
      usesByUser: usage.byUser,
    });
    if (reason) throw voucherError(reason, { course: await this.courseName(voucher.courseProductId) });

    await this.carts.setVoucher(owner, code);
    return (await this.carts.view(owner)).meta;
  }

  async remove(owner: CartOwner): Promise<CartMeta> {
    await this.carts.setVoucher(owner, null);
    return (await this.carts.view(owner)).meta;
  }

  /** Takes one use of the voucher for the order; calling again for the same order changes nothing. */
  async reserve(request: VoucherReserveRequest): Promise<VoucherReservation> {
    const code = normaliseCode(request.code ?? '');
    if (!code) throw voucherError('Required');
    const catalogue = await this.products.catalogue();
    const lines: RuleLine[] = request.productIds.map((id) => ({
      productId: id,
      productType: catalogue.byId.get(id)?.dto.type ?? 'unknown',
      amountCents: 1,
    }));
    // Only a voucher with usage limits is scarce: its reservations queue on the voucher row.
    // An unlimited one (e.g. a campaign code used by everybody at once) needs no lock.
    const cached = (await this.store.active()).get(code);
    const limited = !cached || cached.maxUsesTotal !== null || cached.maxUsesPerUser !== null;
    return this.dataSource.transaction(async (manager) => {
      const voucher = limited ? await this.store.lockForUpdate(manager, code) : cached;
      if (!voucher) throw voucherError('NotFound');
      const [existing]: VoucherReservation[] = await manager.query(
        `SELECT voucher_code AS code, order_id AS "orderId", status FROM catalog_cart.voucher_redemptions WHERE order_id = $1`,
        [request.orderId],
      );
      if (existing && existing.status !== 'released') return existing;
      const usage = await this.store.usage(manager, code, request.userId);
      const reason = rejectionReason(voucher, {
        now: new Date(),
        lines,
        otherVoucherApplied: false,
        hasPaidOrder: await this.store.hasPaidOrder(manager, request.userId),
        usesTotal: usage.total,
        usesByUser: usage.byUser,
      });
      if (reason) throw voucherError(reason, { course: await this.courseName(voucher.courseProductId) });
      await manager.query(
        `INSERT INTO catalog_cart.voucher_redemptions (voucher_code, order_id, user_id, status) VALUES ($1, $2, $3, 'reserved')
         ON CONFLICT (order_id) DO UPDATE SET voucher_code = EXCLUDED.voucher_code, status = 'reserved', updated_at = now()`,
        [code, request.orderId, request.userId],
      );
      return { code, orderId: request.orderId, status: 'reserved' as const };
    });
  }

  /** Gives a reserved use back (order cancelled); a consumed use stays consumed. */
  async release(orderId: string): Promise<{ released: boolean }> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE catalog_cart.voucher_redemptions SET status = 'released', updated_at = now()
        WHERE order_id = $1 AND status = 'reserved'`,
      [orderId],
    );
    return { released: count > 0 };
  }

  private async courseName(productId: number | null): Promise<string> {
    if (productId === null) return '';
    return (await this.products.find(productId))?.dto.name ?? '';
  }
}
