import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One product contained in a package-type product, with its quantity. */
@Entity({ schema: 'catalog_cart', name: 'package_items' })
export class PackageItemEntity {
  @PrimaryColumn('integer', { name: 'package_id' })
  packageId: number;

  @PrimaryColumn('integer', { name: 'product_id' })
  productId: number;

  @Column('integer')
  quantity: number;
}
