import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsNumberWithDecimals } from '../errors/decimal-number.validator.js';
import { ValidCardField } from './card-form.validation.js';

/** Whole numbers and decimals sent as form text become numbers; anything else stays as sent and fails. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;

export const ORDER_ID_INVALID = 'The order is not valid.';

/**
 * Body of the wallet, bank-wire, free and plain PayPal pay routes. Without `order_id` the
 * buyer's cart is placed as an order now; with it, that order of the buyer (placed before) is paid.
 */
export class PayDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Pay this order of yours (placed before) instead of the cart' })
  @IsOptional()
  @IsUUID('all', { message: ORDER_ID_INVALID })
  order_id?: string;
}

/** The credit card form exactly as the payment page posts it (shop spec §3, §7). */
export class CardPayDto extends PayDto {
  @ApiProperty({ example: '4242 4242 4242 4242', description: 'Spaces and dashes are ignored' })
  @ValidCardField('number')
  number: string;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '12' })
  @ValidCardField('expiration_month')
  expiration_month: string | number;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '2030', description: 'Four digits, or two (20xx)' })
  @ValidCardField('expiration_year')
  expiration_year: string | number;

  @ApiProperty({ example: '123' })
  @ValidCardField('cvc')
  cvc: string;
}

export const PAYPAL_BUTTON_METHODS = ['paypal_credit', 'paypal'] as const;

/** `POST /pay-pal-payment-gateway/create-order`: the PayPal buttons (card via PayPal by default). */
export class PayPalCreateOrderDto extends PayDto {
  @ApiPropertyOptional({ enum: PAYPAL_BUTTON_METHODS, default: 'paypal_credit' })
  @IsOptional()
  @IsIn(PAYPAL_BUTTON_METHODS, { message: 'The selected payment method is invalid.' })
  method?: (typeof PAYPAL_BUTTON_METHODS)[number];
}

/** An operator records a bank transfer that arrived. */
export class ConfirmBankWireDto {
  @ApiProperty({ example: 'AM-2026-000123', description: 'The reference written on the transfer (or the order id)' })
  @IsDefined({ message: 'The reference is required.' })
  @IsString({ message: 'The reference must be text.' })
  @MinLength(1, { message: 'The reference is required.' })
  @MaxLength(100, { message: 'The reference may not be longer than 100 characters.' })
  reference: string;

  @ApiProperty({ example: 199, description: 'What arrived, in euros (cents as decimals); must cover the order total' })
  @IsDefined({ message: 'The amount is required.' })
  @Transform(toNumber)
  @IsNumberWithDecimals(2, { message: 'The amount must be a number of euros with at most 2 decimals.' })
  @Min(0.01, { message: 'The amount must be positive.' })
  @Max(10_000_000, { message: 'The amount is too large.' })
  amount: number;
}

export const THREE_DS_OUTCOMES = ['approve', 'fail', 'cancel'] as const;

export class SandboxThreeDsCompleteDto {
  @ApiProperty({ enum: THREE_DS_OUTCOMES })
  @IsDefined({ message: 'Choose approve, fail or cancel.' })
  @IsIn(THREE_DS_OUTCOMES, { message: 'Choose approve, fail or cancel.' })
  outcome: (typeof THREE_DS_OUTCOMES)[number];
}

export const PAYPAL_DECISIONS = ['approve', 'instrument_declined', 'cancel'] as const;

export class SandboxPayPalDecideDto {
  @ApiProperty({ enum: PAYPAL_DECISIONS, description: '`instrument_declined`: the next capture answers INSTRUMENT_DECLINED' })
  @IsDefined({ message: 'Choose approve, instrument_declined or cancel.' })
  @IsIn(PAYPAL_DECISIONS, { message: 'Choose approve, instrument_declined or cancel.' })
  outcome: (typeof PAYPAL_DECISIONS)[number];
}

/** `?page=&per_page=` of the orders list and the wallet ledger. */
export class PageQuery {
  @ApiPropertyOptional({ example: 1, default: 1 })
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'The page must be a whole number.' })
  @Min(1, { message: 'The page must be at least 1.' })
  page?: number;

  @ApiPropertyOptional({ example: 10, default: 10, minimum: 10, maximum: 50 })
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'The page size must be a whole number.' })
  @Min(10, { message: 'The page size must be at least 10.' })
  @Max(50, { message: 'The page size may not be greater than 50.' })
  per_page?: number;
}
