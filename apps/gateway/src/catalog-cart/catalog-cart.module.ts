import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller.js';

/** The HTTP face of the catalog-cart service: products (and later the cart). */
@Module({ controllers: [ProductsController] })
export class CatalogCartModule {}
