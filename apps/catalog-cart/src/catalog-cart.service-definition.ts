import type { ServiceDefinition } from '@aero/backend-runtime';
import { CatalogCartModule } from './catalog-cart.module.js';
import { InitialCatalog1763700000000 } from './migrations/1763700000000-initial-catalog.js';
import { CartsAndVouchers1763700100000 } from './migrations/1763700100000-carts-and-vouchers.js';
import { Content1763700200000 } from './migrations/1763700200000-content.js';
import { CartVersions1763700300000 } from './migrations/1763700300000-cart-versions.js';
import { PriceBackstops1763700400000 } from './migrations/1763700400000-price-backstops.js';
import { CourseDetails1763700500000 } from './migrations/1763700500000-course-details.js';
import { CartChangedAt1763700600000 } from './migrations/1763700600000-cart-changed-at.js';
import { PackageItemEntity } from './products/package-item.entity.js';
import { ProductEntity } from './products/product.entity.js';
import { seedDemoCatalog } from './seed/demo-catalog.seed.js';
import { seedDemoVouchers } from './seed/demo-vouchers.seed.js';
import { seedDemoContent } from './seed/demo-content.seed.js';

export const catalogCartService: ServiceDefinition = {
  name: 'catalog-cart',
  schema: 'catalog_cart',
  portVariable: 'CATALOG_CART_HTTP_PORT',
  defaultPort: 3101,
  entities: [ProductEntity, PackageItemEntity],
  migrations: [
    InitialCatalog1763700000000,
    CartsAndVouchers1763700100000,
    Content1763700200000,
    CartVersions1763700300000,
    PriceBackstops1763700400000,
    CourseDetails1763700500000,
    CartChangedAt1763700600000,
  ],
  module: CatalogCartModule,
  seed: async (dataSource) => {
    await seedDemoCatalog(dataSource);
    await seedDemoVouchers(dataSource);
    await seedDemoContent(dataSource);
  },
};
