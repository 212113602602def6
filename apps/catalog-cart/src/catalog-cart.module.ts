import { Module } from '@nestjs/common';
import { CartModule } from './cart/cart.module.js';
import { ContentModule } from './content/content.module.js';
import { ProductsModule } from './products/products.module.js';

@Module({ imports: [ProductsModule, CartModule, ContentModule] })
export class CatalogCartModule {}
