import { Module } from '@nestjs/common';
import { CartController } from './cart.controller.js';
import { ContentController } from './content.controller.js';
import { ProductSearchController } from './product-search.controller.js';
import { ProductsController } from './products.controller.js';
import { VoucherController } from './voucher.controller.js';

/** The HTTP face of the catalog-cart service: products, search, cart, vouchers and content. */
@Module({ controllers: [ProductsController, ProductSearchController, CartController, VoucherController, ContentController] })
export class CatalogCartModule {}
