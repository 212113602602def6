import type { PackageItem, ProductDto } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PackageItemEntity } from './package-item.entity.js';
import { ProductEntity } from './product.entity.js';
import { productUrl, toProductDto } from './product.mapper.js';

/** How long the read model of the catalogue may be served from memory. */
const CATALOGUE_CACHE_MS = 2000;

/** A product with its JSON shape and the cents the cart computes with. */
export interface CatalogueEntry {
  dto: ProductDto;
  priceCents: number;
  discountCents: number;
}

export interface Catalogue {
  list: CatalogueEntry[];
  byId: Map<number, CatalogueEntry>;
}

/**
 * Reads the catalogue. Listing and cart pricing are the hottest reads of the shop, so the mapped
 * catalogue is kept in memory for a short time; writers call `invalidate()`.
 */
@Injectable()
export class ProductsService {
  private cache: { at: number; catalogue: Promise<Catalogue> } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async list(type?: string): Promise<ProductDto[]> {
    const { list } = await this.catalogue();
    const dtos = list.map((entry) => entry.dto);
    return type ? dtos.filter((p) => p.type === type) : dtos;
  }

  async find(id: number): Promise<CatalogueEntry | undefined> {
    return (await this.catalogue()).byId.get(id);
  }

  /**
   * Typo-tolerant search on product names: substring matches first, then trigram word
   * similarity ("modul 7 maintenence" still finds Module 7: Maintenance Practices).
   */
  async search(query: string, limit: number, type?: string): Promise<ProductDto[]> {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM catalog_cart.products
        WHERE active AND ($3::text IS NULL OR type = $3)
          AND (lower(name) LIKE '%' || $1 || '%' OR word_similarity($1, lower(name)) >= 0.45)
        ORDER BY (lower(name) LIKE '%' || $1 || '%') DESC, word_similarity($1, lower(name)) DESC, sort_order, id
        LIMIT $2`,
      [q.replace(/[%_\\]/g, (c) => `\\${c}`), limit, type ?? null],
    );
    const { byId } = await this.catalogue();
    return rows.map((r) => byId.get(r.id)?.dto).filter((p): p is ProductDto => p !== undefined);
  }

  invalidate(): void {
    this.cache = null;
  }

  catalogue(): Promise<Catalogue> {
    if (this.cache && Date.now() - this.cache.at < CATALOGUE_CACHE_MS) return this.cache.catalogue;
    const catalogue = this.load();
    this.cache = { at: Date.now(), catalogue };
    // A failed load must not stay cached.
    catalogue.catch(() => (this.cache = null));
    return catalogue;
  }

  private async load(): Promise<Catalogue> {
    const products = await this.dataSource.getRepository(ProductEntity).find({
      where: { active: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    const items = await this.dataSource.getRepository(PackageItemEntity).find({ order: { productId: 'ASC' } });
    const byProductId = new Map(products.map((p) => [p.id, p]));
    const contents = new Map<number, PackageItem[]>();
    for (const item of items) {
      const contained = byProductId.get(item.productId);
      if (!contained) continue;
      const list = contents.get(item.packageId) ?? [];
      list.push({ id: contained.id, name: contained.name, url: productUrl(contained.slug), quantity: item.quantity });
      contents.set(item.packageId, list);
    }
    const list = products.map((p) => ({
      dto: toProductDto(p, contents.get(p.id) ?? []),
      priceCents: p.priceCents,
      discountCents: p.discountCents,
    }));
    return { list, byId: new Map(list.map((entry) => [entry.dto.id, entry])) };
  }
}
