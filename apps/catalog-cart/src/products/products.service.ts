import type { PackageItem, ProductDto } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PackageItemEntity } from './package-item.entity.js';
import { ProductEntity } from './product.entity.js';
import { productUrl, toProductDto } from './product.mapper.js';

/** How long the read model of the catalogue may be served from memory. */
const CATALOGUE_CACHE_MS = 2000;

/**
 * Reads the catalogue. The listing is the hottest read of the shop, so the mapped list is kept
 * in memory for a short time; writers call `invalidate()`.
 */
@Injectable()
export class ProductsService {
  private cache: { at: number; products: Promise<ProductDto[]> } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async list(type?: string): Promise<ProductDto[]> {
    const all = await this.allActive();
    return type ? all.filter((p) => p.type === type) : all;
  }

  invalidate(): void {
    this.cache = null;
  }

  private allActive(): Promise<ProductDto[]> {
    if (this.cache && Date.now() - this.cache.at < CATALOGUE_CACHE_MS) return this.cache.products;
    const products = this.load();
    this.cache = { at: Date.now(), products };
    // A failed load must not stay cached.
    products.catch(() => (this.cache = null));
    return products;
  }

  private async load(): Promise<ProductDto[]> {
    const products = await this.dataSource.getRepository(ProductEntity).find({
      where: { active: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    const items = await this.dataSource.getRepository(PackageItemEntity).find();
    const byId = new Map(products.map((p) => [p.id, p]));
    const contents = new Map<number, PackageItem[]>();
    for (const item of items) {
      const contained = byId.get(item.productId);
      if (!contained) continue;
      const list = contents.get(item.packageId) ?? [];
      list.push({ id: contained.id, name: contained.name, url: productUrl(contained.slug), quantity: item.quantity });
      contents.set(item.packageId, list);
    }
    return products.map((p) => toProductDto(p, contents.get(p.id) ?? []));
  }
}
