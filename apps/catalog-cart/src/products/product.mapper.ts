import { centsToEuros, CURRENCY, formatEuros, type PackageItem, type ProductDto } from '@aero/contracts';
import type { ProductEntity } from './product.entity.js';

/** Public address of a product page in the web app. */
export function productUrl(slug: string): string {
  return `/e-shop/${slug}`;
}

/** The JSON shape of a product (spec: shop §3); money leaves the service as euros. */
export function toProductDto(product: ProductEntity, contents: PackageItem[] = []): ProductDto {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    type: product.type,
    price: centsToEuros(product.priceCents),
    quantity: 1,
    discount: centsToEuros(product.discountCents),
    category: product.category,
    url: productUrl(product.slug),
    images: { '16by9': product.image16by9, thumbnail: product.imageThumbnail },
    formatted_price: formatEuros(product.priceCents),
    currency: CURRENCY,
    program_id: product.programId,
    package: contents,
    combination_tags: product.combinationTags,
    details: product.details,
  };
}
