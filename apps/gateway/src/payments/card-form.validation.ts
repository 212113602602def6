import { cardFormErrors, CardFieldMessages, type CardField } from '@aero/contracts';
import { ValidateBy } from 'class-validator';

/** One field of the card form, checked with the whole form (the expiry needs both month and year). */
export function ValidCardField(field: CardField): PropertyDecorator {
  const problemOf = (form: object | undefined) => cardFormErrors((form ?? {}) as Record<string, unknown>)[field];
  return ValidateBy({
    name: 'cardField',
    validator: {
      validate: (_value, args) => problemOf(args?.object) === undefined,
      defaultMessage: (args) => problemOf(args?.object) ?? CardFieldMessages.numberInvalid,
    },
  });
}
