import { checkboxField, formField, formSchema, textField } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { apiSchema, isRequiredField, nameSchemas, schemaComponents } from './zod-schemas.js';

const lineSchema = z.object({ product_id: z.number().meta({ example: 107 }), note: z.string().nullable() });
const orderSchema = z.object({ id: z.string().meta({ format: 'uuid' }), lines: z.array(lineSchema) });
const signUpSchema = formSchema({
  email: textField([], { example: 'lena@example.com', required: true }),
  terms: checkboxField([], { description: 'Must be ticked', required: true }),
  nick: textField([], { maxLength: 50 }).optional(),
});
const pageSchema = z.object({ page: formField<number | undefined>([], Number, { type: 'number', default: 1 }) });

nameSchemas({ OrderLine: lineSchema, Order: orderSchema, SignUp: signUpSchema });

describe('OpenAPI schemas from zod', () => {
  it('names a contract schema as a component and refers to it, its named parts too', () => {
    const answer = apiSchema(orderSchema);
    const components = schemaComponents();
    expect(answer).toEqual({ $ref: '#/components/schemas/Order' });
    expect(components['Order']).toEqual({
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, lines: { type: 'array', items: { $ref: '#/components/schemas/OrderLine' } } },
      required: ['id', 'lines'],
    });
    expect(components['OrderLine']).toEqual({
      type: 'object',
      properties: { product_id: { type: 'number', example: 107 }, note: { type: 'string', nullable: true } },
      required: ['product_id', 'note'],
    });
  });

  it('documents a form\'s fields as the form sends them, the required ones listed as required', () => {
    expect(schemaComponents()['SignUp']).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', example: 'lena@example.com' },
        terms: { description: 'Must be ticked' },
        nick: { type: 'string', maxLength: 50 },
      },
      required: ['email', 'terms'],
    });
  });

  it('writes a schema without a name out in place, with the default a query parameter falls back on', () => {
    const page = apiSchema(pageSchema.shape.page);
    schemaComponents();
    expect(page).toEqual({ type: 'number', default: 1 });
    expect(isRequiredField(pageSchema.shape.page)).toBe(false);
    expect(isRequiredField(signUpSchema.shape.email)).toBe(true);
  });
});
