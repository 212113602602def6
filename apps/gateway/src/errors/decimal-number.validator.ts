import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * How many decimals a number has, written out in full: 0.015 has 3, 1e-7 has 7, 199 has none.
 * Read from the exponent form, which every finite number has (class-validator's own
 * `maxDecimalPlaces` reads `toString()`, which is `1e-7` for small numbers, and throws on it).
 */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const mantissaDecimals = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, mantissaDecimals - Number(exponent));
}

/** A finite number with at most `max` decimals (euros to the cent: 2). One message for both checks. */
export function IsNumberWithDecimals(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNumberWithDecimals',
      constraints: [max],
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= max,
        defaultMessage: () => `$property must be a number with at most ${max} decimals`,
      },
    },
    options,
  );
}
