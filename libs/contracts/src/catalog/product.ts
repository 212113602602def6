/** Product types sold by the shop (spec: shop §3). */
export const PRODUCT_TYPES = ['course', 'certificate', 'package', 'wallet', 'pre_order', 'combined'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface ProductImages {
  '16by9': string;
  thumbnail: string;
}

export interface PackageItem {
  id: number;
  name: string;
  url: string;
  quantity: number;
}

/** A product as the shop's JSON answers carry it. `price` and `discount` are euros. */
export interface ProductDto {
  id: number;
  name: string;
  description: string;
  type: ProductType;
  price: number;
  quantity: number;
  discount: number;
  category: string | null;
  url: string;
  images: ProductImages;
  formatted_price: string;
  currency: 'EUR';
  program_id: number | null;
  package: PackageItem[];
  combination_tags: string[];
}
