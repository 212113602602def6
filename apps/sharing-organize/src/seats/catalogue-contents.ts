import { CatalogRpc } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Injectable } from '@nestjs/common';
import type { CatalogueProduct } from './seat-lines.js';

/**
 * What packages and combined products contain, asked of catalog-cart when an order holding one
 * is granted (docs/decisions.md, "Seats from an order"). `order.paid` carries each line's own
 * course; the contents of a package stay the catalogue's. catalog-cart not answering fails the
 * grant, which the consumer retries.
 */
@Injectable()
export class CatalogueContents {
  constructor(private readonly rpc: RpcClient) {}

  async products(): Promise<Map<number, CatalogueProduct>> {
    const { data } = await this.rpc.call(CatalogRpc.ListProducts, {});
    return new Map(
      data.map((p) => [
        p.id,
        { id: p.id, type: p.type, programId: p.program_id, name: p.name, contents: p.package.map((item) => ({ productId: item.id, quantity: item.quantity })) },
      ]),
    );
  }
}
