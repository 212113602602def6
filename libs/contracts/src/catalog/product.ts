import { z } from 'zod';

/** Product types sold by the shop (spec: shop §3). */
export const PRODUCT_TYPES = ['course', 'certificate', 'package', 'wallet', 'pre_order', 'combined'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const productImagesSchema = z.object({
  '16by9': z.string().meta({ example: '/images/products/part-66-16by9.svg' }),
  thumbnail: z.string().meta({ example: '/images/products/part-66-thumb.svg' }),
});
export type ProductImages = z.infer<typeof productImagesSchema>;

/** One product inside a package product. */
export const packageItemSchema = z.object({
  id: z.number().meta({ example: 201 }),
  name: z.string().meta({ example: 'Part-145 Initial Training' }),
  url: z.string().meta({ example: '/e-shop/part-145-initial-training' }),
  quantity: z.number().meta({ example: 5 }),
});
export type PackageItem = z.infer<typeof packageItemSchema>;

/** What a course page tells beyond its description: the catalogue's course details. */
export const productDetailsSchema = z.object({
  covers: z.array(z.string()).meta({ description: 'What the course covers, one topic an item', example: ['Safety precautions', 'Workshop practices'] }),
  duration_hours: z.number().nullable().meta({ description: 'Study time in hours', example: 20 }),
  audience: z.string().meta({ description: 'Who the course is for' }),
  certificate: z.string().meta({ description: 'The certificate the course gives' }),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

/** A product as the shop's JSON answers carry it. `price` and `discount` are euros. */
export const productSchema = z.object({
  id: z.number().meta({ example: 107 }),
  name: z.string().meta({ example: 'Part-66 Module 7: Maintenance Practices' }),
  description: z.string(),
  type: z.enum(PRODUCT_TYPES),
  price: z.number().meta({ description: 'Euros', example: 199 }),
  quantity: z.number(),
  discount: z.number().meta({ description: 'Euros' }),
  category: z.string().nullable(),
  url: z.string().meta({ example: '/e-shop/part-66-module-7-maintenance-practices' }),
  images: productImagesSchema,
  formatted_price: z.string().meta({ example: '€199.00' }),
  currency: z.literal('EUR'),
  program_id: z.number().nullable(),
  package: z.array(packageItemSchema).meta({ description: 'Contents of a package product' }),
  combination_tags: z.array(z.string()),
  /** Course details (courses, pre-orders and combined courses); null for other products. */
  details: productDetailsSchema.nullable().optional(),
});
export type ProductDto = z.infer<typeof productSchema>;

/** `GET /api/products` and the searches. */
export const productListSchema = z.object({ data: z.array(productSchema) });
