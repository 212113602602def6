import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProductDetails, ProductType } from '@aero/contracts';

/** A sellable item of the shop. Money is integer cents (EUR). */
@Entity({ schema: 'catalog_cart', name: 'products' })
export class ProductEntity {
  @PrimaryColumn('integer')
  id: number;

  @Column('text', { unique: true })
  slug: string;

  @Column('text')
  name: string;

  @Column('text')
  description: string;

  @Column('text')
  type: ProductType;

  @Column('integer', { name: 'price_cents' })
  priceCents: number;

  @Column('integer', { name: 'discount_cents', default: 0 })
  discountCents: number;

  @Column('text', { nullable: true })
  category: string | null;

  @Column('text', { name: 'image_16by9' })
  image16by9: string;

  @Column('text', { name: 'image_thumbnail' })
  imageThumbnail: string;

  @Column('integer', { name: 'program_id', nullable: true })
  programId: number | null;

  @Column('text', { name: 'combination_tags', array: true, default: () => "'{}'" })
  combinationTags: string[];

  /** The course page's details; null for products that are not courses. */
  @Column('jsonb', { nullable: true })
  details: ProductDetails | null;

  @Column('boolean', { default: true })
  active: boolean;

  @Column('integer', { name: 'sort_order', default: 0 })
  sortOrder: number;
}
