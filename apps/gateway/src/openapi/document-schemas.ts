import { cartAddBodySchema, cartRemoveBodySchema, packageItemSchema, productImagesSchema, productListSchema, productSchema } from '@aero/contracts';
import { nameSchemas } from './zod-schemas.js';

/*
 * The component names of the API document's schemas, all from libs/contracts. They are the
 * names the document has always had (some those of former DTO classes), so that clients
 * generated from it keep their type names.
 */

// catalog-cart
nameSchemas({
  ProductImagesResponse: productImagesSchema,
  PackageItemResponse: packageItemSchema,
  ProductResponse: productSchema,
  ProductListResponse: productListSchema,
  CartAddDto: cartAddBodySchema,
  CartRemoveDto: cartRemoveBodySchema,
});
