import { z } from 'zod';
import { formField, ifSent, type RequestOf } from '../common/form-schema.js';
import { isMissing, isOneOf, isTextUpTo, isWholeNumber } from '../common/request-field.js';
import { PRODUCT_TYPES, type ProductType } from './product.js';

export const ProductSearchMessages = {
  queryText: 'The query must be text.',
  queryLength: 'The query may not be longer than 100 characters.',
  limitWhole: 'The limit must be a whole number.',
  limitMin: 'The limit must be at least 1.',
  limitMax: 'The limit may not be greater than 50.',
  typeInvalid: 'The selected type is invalid.',
} as const;

/** A query parameter read as a number (each one of a repeated parameter); an absent one stays absent. */
function numbersOf(value: unknown): unknown {
  if (isMissing(value)) return value;
  return Array.isArray(value) ? value.map(Number) : Number(value);
}

/** `GET /api/products/search` and `/product-search` (shop §7): typo-tolerant search by name. */
export const productSearchQuerySchema = z.object({
  query: formField<string | undefined, string | undefined>(
    ifSent([
      { message: ProductSearchMessages.queryText, breaks: (value) => typeof value !== 'string' },
      { message: ProductSearchMessages.queryLength, breaks: (value) => !isTextUpTo(value, 100) },
    ]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'string', example: 'maintenance' },
  ),
  limit: formField<number | undefined, number | undefined>(
    ifSent([
      { message: ProductSearchMessages.limitWhole, breaks: (value) => !isWholeNumber(numbersOf(value)) },
      { message: ProductSearchMessages.limitMin, breaks: (value) => !(typeof numbersOf(value) === 'number' && (numbersOf(value) as number) >= 1) },
      { message: ProductSearchMessages.limitMax, breaks: (value) => !(typeof numbersOf(value) === 'number' && (numbersOf(value) as number) <= 50) },
    ]),
    (value) => (isMissing(value) ? undefined : (numbersOf(value) as number)),
    { type: 'number', example: 10, default: 10 },
  ),
  type: formField<ProductType | undefined, ProductType | undefined>(
    ifSent([{ message: ProductSearchMessages.typeInvalid, breaks: (value) => !isOneOf(value, PRODUCT_TYPES) }]),
    (value) => (isMissing(value) ? undefined : (value as ProductType)),
    { type: 'string', enum: PRODUCT_TYPES },
  ),
});
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;
/** `CatalogRpc.SearchProducts`: the query as the gateway read it (catalog-cart parses it with the same schema). */
export type ProductSearchRequest = RequestOf<typeof productSearchQuerySchema>;
