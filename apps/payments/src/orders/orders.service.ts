import {
  CartRpc,
  OrderBankWireChosenEvent,
  VoucherRpc,
  type CancelOrderResponse,
  type CartSnapshot,
  type ListOrdersResponse,
  type OrderCancelReason,
  type OrderDto,
  type PageQuery,
  type PlaceOrderRequest,
} from '@aero/contracts';
import { RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import { OutboxWriter, RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ATTEMPT_TRANSITIONS, attemptSourcesOf } from '../attempts/attempt-state.js';
import { isUuid } from '../common/input.js';
import { pageWindow, paginationMeta } from '../common/pagination.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import type { OrderEntity } from './order.entity.js';
import { buyerIdOf, buyerOf, checkPlaceable, paymentKindOf } from './order-input.js';
import { OrderExpiryQueue } from './order-expiry.queue.js';
import { toOrderDto, toOrderEventLines, toOrderListItem } from './order.mapper.js';
import { ORDER_LINES_JSON, toOrderEntity, type OrderRow } from './order-row.js';
import { sourcesOf, targetOf, type OrderTransition } from './order-state.js';
import { OrderErrors } from './orders.errors.js';
import { OrdersRepository } from './orders.repository.js';

/** Tolerance for a delayed job that fires a moment before the order's expiry time. */
const EXPIRY_TOLERANCE_SECONDS = 5;

/**
 * Orders: placing (cart snapshot → order, voucher reservation with compensation, expiry job),
 * reading, cancelling and expiring. Payment is done by checkout through `PaymentCompletion`.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: OrdersRepository,
    private readonly rpc: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly expiry: OrderExpiryQueue,
    private readonly infra: ServiceInfra,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /**
   * Turns the session's cart into an order of the acting user. A cart version makes at most one
   * order: placing it again (another tab, a double click, a retry) answers the order it made,
   * whatever its status, until that order is canceled. A refused voucher cancels the new order
   * and answers the voucher's error, so no half-made order remains.
   */
  async place(ctx: RequestContext, request: PlaceOrderRequest): Promise<OrderDto> {
    return toOrderDto(await this.placeOrder(ctx, request));
  }

  /** `place`, answering the order entity (for checkout, which pays it next). */
  async placeOrder(ctx: RequestContext, request: PlaceOrderRequest): Promise<OrderEntity> {
    const buyer = buyerOf(ctx);
    const method = paymentKindOf(request.method);
    const billing = request.billing ?? null;
    // The cart of the client session the context carries (catalog-cart reads it from there).
    const snapshot = await this.remote('catalog-cart', () => this.rpc.call(CartRpc.Snapshot, {}));
    checkPlaceable(snapshot, method);

    const placed = await this.dataSource.transaction(async (manager) => {
      // One placement per buyer at a time, so two clicks cannot both miss the open order.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payments.place-order:${buyer.userId}`]);
      const expiresInMs = this.config.ORDER_EXPIRY_MINUTES * 60_000;
      const result = await this.repository.placeOrReuse(manager, {
        id: randomUUID(),
        buyer,
        method,
        billing,
        snapshot,
        expiresInMs,
      });
      if (result.reused) return result;
      const id = result.order.id;
      // Scheduled before the commit: an order that nobody would ever expire never exists (a job
      // whose order did not commit finds nothing to do).
      await this.expiry.scheduleExpiry(id, expiresInMs).catch((error: unknown) => {
        this.infra.logger.error({ err: error, orderId: id }, 'could not schedule order expiry');
        throw OrderErrors.serviceUnavailable('jobs');
      });
      return result;
    });

    // A reused order whose voucher is still `reserving` was placed by a request that may still be
    // reserving it, or that failed half-way: reserving again is idempotent per order, and the
    // order is not paid before its voucher is held.
    if (!snapshot.voucherCode || (placed.reused && placed.order.voucherState !== 'reserving')) return placed.order;
    return this.reserveVoucher(placed.order.id, buyer.userId, snapshot);
  }

  async get(ctx: RequestContext, orderId: string): Promise<OrderDto> {
    return toOrderDto(await this.loadForBuyer(ctx, orderId));
  }

  /** The order, only for its buyer, the acting user (anyone else gets "not found"). */
  async loadForBuyer(ctx: RequestContext, orderId: string): Promise<OrderEntity> {
    if (!isUuid(orderId)) throw OrderErrors.notFound();
    const order = await this.repository.find(orderId);
    if (!order || order.userId !== ctx.actor?.userId) throw OrderErrors.notFound();
    return order;
  }

  /** The acting user's orders, newest first. */
  async list(ctx: RequestContext, request: PageQuery): Promise<ListOrdersResponse> {
    const user = buyerIdOf(ctx);
    const window = pageWindow(request.page, request.per_page);
    const { orders, total } = await this.repository.listForUser(user, window.offset, window.perPage);
    return { data: orders.map(toOrderListItem), meta: { pagination: paginationMeta(total, orders.length, window.page, window.perPage) } };
  }

  /** The buyer cancels an unpaid order; its voucher use is given back. Cancelling twice is fine. */
  async cancel(ctx: RequestContext, orderId: string): Promise<CancelOrderResponse> {
    const order = await this.loadForBuyer(ctx, orderId);
    const changed = await this.cancelInternal(order.id, 'cancel', 'buyer');
    if (!changed) {
      const now = await this.repository.find(order.id);
      if (now?.status === 'payed') throw OrderErrors.notCancelable();
    }
    return { success: true, status: 'canceled' };
  }

  /** Job `order-expiry`: cancels the order if its time is up, then releases a voucher still held. */
  async housekeep(orderId: string): Promise<void> {
    if (!isUuid(orderId)) return;
    await this.cancelInternal(orderId, 'expire', 'expired', { onlyIfDue: true, releaseOrThrow: true });
    await this.releaseVoucher(orderId, { orThrow: true });
  }

  /**
   * Bank wire chosen: the order waits for the money, with the longer bank-wire deadline, and
   * `order.bank_wire_chosen` (in the same transaction) takes its products out of the cart.
   */
  async awaitTransfer(orderId: string): Promise<boolean> {
    const delayMs = this.config.BANK_WIRE_EXPIRY_DAYS * 24 * 3600_000;
    const changed = await this.dataSource.transaction(async (manager) => {
      const [row]: OrderRow[] = await manager.query(
        `WITH waiting AS (
           UPDATE payments.orders SET status = $2, payment_kind = 'bankwire', expires_at = now() + make_interval(secs => $3), updated_at = now()
            WHERE id = $1 AND status = ANY($4) RETURNING *
         )
         SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM waiting o`,
        [orderId, targetOf('await_transfer'), delayMs / 1000, sourcesOf('await_transfer')],
      );
      if (!row) return false;
      const order = toOrderEntity(row);
      await this.outbox.add(manager, OrderBankWireChosenEvent, {
        orderId: order.id,
        reference: order.reference,
        buyer: { userId: order.userId, email: order.buyerEmail, name: order.buyerName, companyId: order.companyId },
        lines: toOrderEventLines(order),
        finalCents: order.finalCents,
        voucherCode: order.voucherCode,
        payBefore: (order.expiresAt ?? new Date()).toISOString(),
      });
      return true;
    });
    if (changed) await this.expiry.scheduleBankWireExpiry(orderId, delayMs);
    return changed;
  }

  async dto(orderId: string): Promise<OrderDto> {
    const order = await this.repository.find(orderId);
    if (!order) throw OrderErrors.notFound();
    return toOrderDto(order);
  }

  /**
   * Applies cancel or expire if the order is still unpaid (and, for expiry, due) and cancels its
   * pending attempts, in one statement (so together, without a transaction), then releases its
   * voucher. True when it changed.
   */
  private async cancelInternal(
    orderId: string,
    transition: Extract<OrderTransition, 'cancel' | 'expire'>,
    reason: OrderCancelReason,
    options: { onlyIfDue?: boolean; releaseOrThrow?: boolean } = {},
  ): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH canceled AS (
         UPDATE payments.orders SET status = $2, canceled_at = now(), cancel_reason = $3, expires_at = NULL, updated_at = now()
          WHERE id = $1 AND status = ANY($4) AND (NOT $5 OR expires_at <= now() + make_interval(secs => $6))
         RETURNING id
       ), canceled_attempts AS (
         UPDATE payments.payment_attempts SET status = $7, updated_at = now()
          WHERE order_id IN (SELECT id FROM canceled) AND status = ANY($8)
       )
       SELECT id FROM canceled`,
      [
        orderId,
        targetOf(transition),
        reason,
        sourcesOf(transition),
        options.onlyIfDue ?? false,
        EXPIRY_TOLERANCE_SECONDS,
        ATTEMPT_TRANSITIONS.cancel.to,
        attemptSourcesOf('cancel'),
      ],
    );
    const changed = rows.length > 0;
    if (changed) await this.releaseVoucher(orderId, { orThrow: options.releaseOrThrow });
    return changed;
  }

  /**
   * Gives a canceled order's voucher use back to catalog-cart (idempotent there). When
   * catalog-cart cannot be reached the release is retried by a job.
   */
  private async releaseVoucher(orderId: string, options: { orThrow?: boolean } = {}): Promise<void> {
    const [row]: { status: string; voucher_state: string }[] = await this.dataSource.query(
      'SELECT status, voucher_state FROM payments.orders WHERE id = $1',
      [orderId],
    );
    if (!row || row.status !== 'canceled' || !['reserving', 'reserved'].includes(row.voucher_state)) return;
    try {
      await this.rpc.call(VoucherRpc.Release, { orderId });
    } catch (error) {
      if (options.orThrow) throw error;
      this.infra.logger.warn({ err: error, orderId }, 'voucher release failed; retrying in the background');
      await this.expiry.scheduleVoucherRelease(orderId);
      return;
    }
    await this.dataSource.query(
      `UPDATE payments.orders SET voucher_state = 'released', updated_at = now() WHERE id = $1 AND voucher_state IN ('reserving', 'reserved')`,
      [orderId],
    );
  }

  /**
   * Takes a use of the cart's voucher for the new order and answers the order holding it; on
   * refusal the order is canceled.
   */
  private async reserveVoucher(orderId: string, userId: string, snapshot: CartSnapshot): Promise<OrderEntity> {
    try {
      await this.remote('catalog-cart', () =>
        this.rpc.call(VoucherRpc.Reserve, {
          code: snapshot.voucherCode ?? '',
          orderId,
          userId,
          productIds: snapshot.lines.map((l) => l.productId),
        }),
      );
    } catch (error) {
      await this.cancelInternal(orderId, 'cancel', error instanceof RemoteError ? 'voucher_refused' : 'placement_failed');
      throw error;
    }
    const order = await this.repository.markVoucherReserved(orderId);
    if (!order) throw OrderErrors.notFound();
    return order;
  }

  /** Another service's answer; its absence becomes a 503 the gateway can show. */
  private async remote<T>(service: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw OrderErrors.serviceUnavailable(service);
      throw error;
    }
  }
}
