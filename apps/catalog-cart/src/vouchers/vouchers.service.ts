import type { CartMeta, VoucherApplyRequest, VoucherReleaseRequest, VoucherReservation, VoucherReserveRequest } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cartOwnerOf, ownerKey } from '../cart/cart-owner.js';
import { CartService } from '../cart/cart.service.js';
import { ruleLines } from '../cart/cart-pricing.js';
import { ProductsService } from '../products/products.service.js';
import { voucherError } from './voucher-errors.js';
import { NO_USAGE, readsUsageFacts, rejectionReason, type RuleLine, type UsageFacts, type VoucherContext } from './voucher-rules.js';
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

  /** Applies a voucher to the session's cart. */
  async apply(ctx: RequestContext, request: VoucherApplyRequest): Promise<CartMeta> {
    const owner = cartOwnerOf(ctx);
    const code = normaliseCode(request.code);
    if (!code) throw voucherError('Required');
    const voucher = (await this.store.active()).get(code);
    if (!voucher) throw voucherError('NotFound');

    const cart = await this.carts.load(this.dataSource, ownerKey(owner));
    const current = await this.carts.price(cart, owner);
    if (current.meta.voucher_code === code && !current.meta.voucher_auto_applied) return current.meta;

    const reason = rejectionReason(voucher, {
      now: new Date(),
      lines: ruleLines(cart.lines),
      otherVoucherApplied: current.meta.voucher_code !== null,
      ...(await this.store.usageFacts(this.dataSource, voucher, owner.userId ?? null)),
    });
    if (reason) throw voucherError(reason, { course: await this.courseName(voucher.courseProductId) });

    await this.carts.setVoucher(owner, code);
    return (await this.carts.viewOf(owner)).meta;
  }

  async remove(ctx: RequestContext): Promise<CartMeta> {
    const owner = cartOwnerOf(ctx);
    await this.carts.setVoucher(owner, null);
    return (await this.carts.viewOf(owner)).meta;
  }

  /** Takes one use of the voucher for the order; calling again for the same order changes nothing. */
  async reserve(request: VoucherReserveRequest): Promise<VoucherReservation> {
    const code = normaliseCode(request.code);
    if (!code) throw voucherError('Required');
    const catalogue = await this.products.catalogue();
    const lines: RuleLine[] = request.productIds.map((id) => ({
      productId: id,
      productType: catalogue.byId.get(id)?.dto.type ?? 'unknown',
      amountCents: 1,
    }));
    const context = (usage: UsageFacts): VoucherContext => ({ now: new Date(), lines, otherVoucherApplied: false, ...usage });
    const reserved: VoucherReservation = { code, orderId: request.orderId, status: 'reserved' };
    const cached = (await this.store.active()).get(code);
    if (cached && !readsUsageFacts(cached)) {
      // Nothing the rules read is in the database, so they decide first; then one statement
      // reserves, or answers the reservation the order already holds (which wins over a refusal).
      const reason = rejectionReason(cached, context(NO_USAGE));
      const { held } = await this.store.reserveUnlessHeld(this.dataSource, cached, { ...request, reserve: reason === null });
      if (held) return held;
      if (reason) throw voucherError(reason, { course: await this.courseName(cached.courseProductId) });
      return reserved;
    }
    // Only a voucher with usage limits is scarce: its reservations queue on the voucher row. An
    // unlimited one (e.g. a campaign code used by everybody at once) needs no lock.
    const limited = !cached || cached.maxUsesTotal !== null || cached.maxUsesPerUser !== null;
    return this.dataSource.transaction(async (manager) => {
      const voucher = limited ? await this.store.lockForUpdate(manager, code) : cached;
      if (!voucher) throw voucherError('NotFound');
      // A statement after the lock: its snapshot, taken once the lock is held, includes every
      // reservation committed by the transactions that held it before, so the counts are exact.
      const { held, usage } = await this.store.reserveUnlessHeld(manager, voucher, { ...request, reserve: true });
      if (held) return held;
      const reason = rejectionReason(voucher, context(usage));
      // Throwing rolls back the reservation the statement above wrote.
      if (reason) throw voucherError(reason, { course: await this.courseName(voucher.courseProductId) });
      return reserved;
    });
  }

  /** Gives a reserved use back (order cancelled); a consumed use stays consumed. */
  async release({ orderId }: VoucherReleaseRequest): Promise<{ released: boolean }> {
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
