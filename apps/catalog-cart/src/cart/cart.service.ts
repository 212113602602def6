import type { CartAddBody, CartMergeRequest, CartRemoveBody, CartSnapshot, CartView } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProductsService } from '../products/products.service.js';
import { VoucherStore } from '../vouchers/voucher-store.js';
import { rejectionReason } from '../vouchers/voucher-rules.js';
import { CartErrors, MAX_LINE_QUANTITY } from './cart-errors.js';
import { cartOwnerOf, ownerKey, type CartOwner } from './cart-owner.js';
import { priceCart, ruleLines, snapshotCart, type AppliedVoucher, type PricedLineInput } from './cart-pricing.js';

/** A product id can only be a positive whole number. */
function isProductId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** A cart row joined with one of its lines (no line: the line columns are null). */
interface CartRow {
  id: string;
  version: number;
  voucher_code: string | null;
  product_id: number | null;
  quantity: number | null;
}

export interface LoadedCart {
  /** `<cart id>:<version>`, null when the owner has no cart row. */
  key: string | null;
  voucherCode: string | null;
  lines: PricedLineInput[];
}

/**
 * Carts for visitors and users. Lines live in Postgres (one upsert per change); prices come
 * from the in-memory catalogue, so a cart read is one indexed query. Every statement that
 * changes a cart raises its `version` in the same statement: checkout places at most one order
 * per cart version. A line's `changed_at` and the cart's `voucher_set_at` say when the buyer last
 * set them: a paid order takes out only what was in the cart when it was placed.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsService,
    private readonly vouchers: VoucherStore,
  ) {}

  /** The session's cart, priced. */
  view(ctx: RequestContext): Promise<CartView> {
    return this.viewOf(cartOwnerOf(ctx));
  }

  async viewOf(owner: CartOwner): Promise<CartView> {
    return this.price(await this.load(this.dataSource, ownerKey(owner)), owner);
  }

  /** The priced cart in cents, as checkout turns it into an order. */
  async snapshot(ctx: RequestContext): Promise<CartSnapshot> {
    const owner = cartOwnerOf(ctx);
    const cart = await this.load(this.dataSource, ownerKey(owner));
    return { ...snapshotCart(cart.lines, await this.effectiveVoucher(cart, owner)), cartKey: cart.key };
  }

  /** Adds to a line, or with `update` sets its quantity (0 or below removes the line). */
  async add(ctx: RequestContext, { product_id: productId, quantity, update }: CartAddBody): Promise<CartView> {
    const owner = cartOwnerOf(ctx);
    if (!isProductId(productId) || !(await this.products.find(productId))) throw CartErrors.productUnknown();
    if (!Number.isSafeInteger(quantity)) throw CartErrors.quantityInvalid();
    if (update && quantity <= 0) return this.removeLine(owner, productId, { ignoreMissing: true });
    if (quantity < 1) throw CartErrors.quantityInvalid();
    if (quantity > MAX_LINE_QUANTITY) throw CartErrors.quantityTooLarge();

    await this.dataSource
      .query(
        `WITH cart AS (
           INSERT INTO catalog_cart.carts (owner_key) VALUES ($1)
           ON CONFLICT (owner_key) DO UPDATE SET updated_at = now(), version = catalog_cart.carts.version + 1 RETURNING id
         )
         INSERT INTO catalog_cart.cart_lines (cart_id, product_id, quantity)
         SELECT id, $2, $3 FROM cart
         ON CONFLICT (cart_id, product_id) DO UPDATE
           SET quantity = CASE WHEN $4 THEN EXCLUDED.quantity ELSE catalog_cart.cart_lines.quantity + EXCLUDED.quantity END,
               changed_at = now()`,
        [ownerKey(owner), productId, quantity, update === true],
      )
      .catch((error: { code?: string }) => {
        // The CHECK on quantity: this add would pass the maximum; the statement changed nothing.
        if (error.code === '23514') throw CartErrors.quantityTooLarge();
        throw error;
      });
    return this.viewOf(owner);
  }

  remove(ctx: RequestContext, { product_id: productId }: CartRemoveBody): Promise<CartView> {
    if (!isProductId(productId)) throw CartErrors.productUnknown();
    return this.removeLine(cartOwnerOf(ctx), productId);
  }

  private async removeLine(owner: CartOwner, productId: number, options: { ignoreMissing?: boolean } = {}): Promise<CartView> {
    const deleted: unknown[] = await this.dataSource.query(
      `WITH deleted AS (
         DELETE FROM catalog_cart.cart_lines l USING catalog_cart.carts c
          WHERE c.id = l.cart_id AND c.owner_key = $1 AND l.product_id = $2 RETURNING l.cart_id
       ), bumped AS (
         UPDATE catalog_cart.carts SET version = version + 1, updated_at = now() WHERE id IN (SELECT cart_id FROM deleted)
       )
       SELECT cart_id FROM deleted`,
      [ownerKey(owner), productId],
    );
    if (!options.ignoreMissing && deleted.length === 0) throw CartErrors.notInCart();
    return this.viewOf(owner);
  }

  async empty(ctx: RequestContext): Promise<CartView> {
    const owner = cartOwnerOf(ctx);
    await this.dataSource.query('DELETE FROM catalog_cart.carts WHERE owner_key = $1', [ownerKey(owner)]);
    return this.viewOf(owner);
  }

  /** Moves a visitor's lines into the user's cart (quantities add up) and drops the visitor cart. */
  async merge({ sessionId, userId }: CartMergeRequest): Promise<CartView> {
    const visitorKey = ownerKey({ sessionId });
    const userKey = ownerKey({ sessionId, userId });
    await this.dataSource.transaction(async (manager) => {
      const [visitor]: { id: string; voucher_code: string | null }[] = await manager.query(
        'SELECT id, voucher_code FROM catalog_cart.carts WHERE owner_key = $1 FOR UPDATE',
        [visitorKey],
      );
      if (!visitor) return;
      const [user]: { id: string }[] = await manager.query(
        `INSERT INTO catalog_cart.carts (owner_key, voucher_code) VALUES ($1, $2)
         ON CONFLICT (owner_key) DO UPDATE SET voucher_code = COALESCE(catalog_cart.carts.voucher_code, EXCLUDED.voucher_code),
           voucher_set_at = CASE WHEN catalog_cart.carts.voucher_code IS NULL THEN now() ELSE catalog_cart.carts.voucher_set_at END,
           updated_at = now(), version = catalog_cart.carts.version + 1
         RETURNING id`,
        [userKey, visitor.voucher_code],
      );
      // The lines enter the user's cart now (changed_at): an order the user placed before does
      // not take them out when it is paid.
      await manager.query(
        `INSERT INTO catalog_cart.cart_lines (cart_id, product_id, quantity, added_at)
         SELECT $2, product_id, quantity, added_at FROM catalog_cart.cart_lines WHERE cart_id = $1
         ON CONFLICT (cart_id, product_id) DO UPDATE
           SET quantity = LEAST(catalog_cart.cart_lines.quantity + EXCLUDED.quantity, $3), changed_at = now()`,
        [visitor.id, user.id, MAX_LINE_QUANTITY],
      );
      await manager.query('DELETE FROM catalog_cart.carts WHERE id = $1', [visitor.id]);
    });
    return this.viewOf({ sessionId, userId });
  }

  /** Sets or clears the cart's voucher code (creating the cart when needed). */
  async setVoucher(owner: CartOwner, code: string | null): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalog_cart.carts (owner_key, voucher_code) VALUES ($1, $2)
       ON CONFLICT (owner_key) DO UPDATE SET voucher_code = EXCLUDED.voucher_code, voucher_set_at = now(), updated_at = now(),
         version = catalog_cart.carts.version + 1`,
      [ownerKey(owner), code],
    );
  }

  async load(manager: EntityManager | DataSource, key: string): Promise<LoadedCart> {
    const rows: CartRow[] = await manager.query(
      `SELECT c.id, c.version, c.voucher_code, l.product_id, l.quantity
         FROM catalog_cart.carts c LEFT JOIN catalog_cart.cart_lines l ON l.cart_id = c.id
        WHERE c.owner_key = $1 ORDER BY l.added_at, l.product_id`,
      [key],
    );
    const catalogue = await this.products.catalogue();
    const lines: PricedLineInput[] = [];
    for (const row of rows) {
      const product = row.product_id !== null ? catalogue.byId.get(row.product_id) : undefined;
      // A product withdrawn from the shop simply drops out of the cart.
      if (product && row.quantity) lines.push({ product, quantity: row.quantity });
    }
    return { key: rows[0] ? `${rows[0].id}:${rows[0].version}` : null, voucherCode: rows[0]?.voucher_code ?? null, lines };
  }

  /** Prices the cart with its voucher, or with an automatic voucher that fits it. */
  async price(cart: LoadedCart, owner: CartOwner): Promise<CartView> {
    return priceCart(cart.lines, await this.effectiveVoucher(cart, owner));
  }

  private async effectiveVoucher(cart: LoadedCart, owner: CartOwner): Promise<AppliedVoucher | null> {
    const active = await this.vouchers.active();
    const now = new Date();
    const lines = ruleLines(cart.lines);
    const fits = (rules: NonNullable<ReturnType<typeof active.get>>, hasPaidOrder: boolean) =>
      // Usage limits are enforced when an order reserves the voucher, not on every cart read.
      rejectionReason(rules, { now, lines, otherVoucherApplied: false, hasPaidOrder, usesTotal: 0, usesByUser: 0 }) === null;
    if (cart.voucherCode) {
      const rules = active.get(cart.voucherCode);
      if (!rules) return null;
      const hasPaidOrder = rules.firstOrderOnly ? await this.vouchers.hasPaidOrder(this.dataSource, owner.userId) : false;
      return fits(rules, hasPaidOrder) ? { rules, autoApplied: false } : null;
    }
    if (!cart.lines.length) return null;
    for (const rules of await this.vouchers.autoApplied()) {
      const hasPaidOrder = rules.firstOrderOnly ? await this.vouchers.hasPaidOrder(this.dataSource, owner.userId) : false;
      if (fits(rules, hasPaidOrder)) return { rules, autoApplied: true };
    }
    return null;
  }
}
