import { z } from 'zod';
import { formField, formSchema, ifSent, lookupField, type FieldCheck, type FieldDoc, type RequestOf } from '../common/form-schema.js';
import {
  isMissing,
  isNumberWithDecimals,
  isOneOf,
  isTextUpTo,
  isWholeNumber,
  numberFromText,
  textOfAnyValue,
  trimmedTextOf,
  UUID_FORMAT,
} from '../common/request-field.js';
import { billingSnapshotSchema } from './billing.js';
import { cardFormErrors, CardFieldMessages, type CardField } from './card-form.js';

/*
 * The HTTP requests of the payment routes (shop §3, §4, §7) as the gateway checks them; payments
 * checks what it needs again (the card form with the same `cardFormErrors`).
 */

export const PaymentRequestMessages = {
  orderIdInvalid: 'The order is not valid.',
  paypalMethodInvalid: 'The selected payment method is invalid.',
  referenceRequired: 'The reference is required.',
  referenceText: 'The reference must be text.',
  referenceLength: 'The reference may not be longer than 100 characters.',
  amountRequired: 'The amount is required.',
  amountInvalid: 'The amount must be a number of euros with at most 2 decimals.',
  amountPositive: 'The amount must be positive.',
  amountTooLarge: 'The amount is too large.',
  threeDsOutcome: 'Choose approve, fail or cancel.',
  paypalDecision: 'Choose approve, instrument_declined or cancel.',
  pageWhole: 'The page must be a whole number.',
  pageMin: 'The page must be at least 1.',
  pageSizeWhole: 'The page size must be a whole number.',
  pageSizeMin: 'The page size must be at least 10.',
  pageSizeMax: 'The page size may not be greater than 50.',
} as const;

/** An optional field, read as sent (absent when missing). */
function optionalField<T>(checks: FieldCheck[], doc: FieldDoc, read: (value: unknown) => unknown = (value) => value) {
  return formField<T | undefined, T | undefined>(ifSent(checks), (value) => (isMissing(value) ? undefined : (read(value) as T)), doc);
}

/** A field whose one check decides; checked with the whole form (the card's expiry needs both month and year). */
const asSent = <T>(doc: FieldDoc) => formField<T, T>([], (value) => value as T, doc);

const orderIdField = () =>
  optionalField<string>([{ message: PaymentRequestMessages.orderIdInvalid, breaks: (value) => typeof value !== 'string' || !UUID_FORMAT.test(value) }], {
    type: 'string',
    format: 'uuid',
    description: 'Pay this order of yours (placed before) instead of the cart',
  });

/**
 * Body of the wallet, bank-wire, free and plain PayPal pay routes. Without `order_id` the buyer's
 * cart is placed as an order now; with it, that order of the buyer (placed before) is paid.
 */
export const payBodySchema = z.object({ order_id: orderIdField() });
export type PayBody = z.output<typeof payBodySchema>;

const CARD_FIELDS: readonly CardField[] = ['number', 'expiration_month', 'expiration_year', 'cvc'];

/**
 * The credit card form exactly as the payment page posts it (shop §3, §7), each field's problem
 * from `cardFormErrors`; `order_id` as on every pay route (listed last, as the 422 has always
 * listed it).
 */
/** The card form's fields as the payment page posts them; `cardChecks` says what is wrong with them. */
const cardFields = () => ({
  number: asSent<string>({ type: 'string', example: '4242 4242 4242 4242', description: 'Spaces and dashes are ignored', required: true }),
  expiration_month: asSent<string | number>({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '12', required: true }),
  expiration_year: asSent<string | number>({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '2030', description: 'Four digits, or two (20xx)', required: true }),
  cvc: asSent<string>({ type: 'string', example: '123', required: true }),
});

/** Each field's problem from `cardFormErrors`, under the field's own name. */
const cardChecks = CARD_FIELDS.flatMap((field) =>
  Object.values(CardFieldMessages).map((message) => ({
    field,
    message,
    breaks: (form: Record<string, unknown>) => cardFormErrors(form)[field] === message,
  })),
);

/** The payment page's credit card form (its client checks, the words of the server's). */
export const cardFormSchema = formSchema(cardFields(), cardChecks);
export type CardFormRequest = z.input<typeof cardFormSchema>;

export const cardPayBodySchema = formSchema({ ...cardFields(), order_id: orderIdField() }, cardChecks);
export type CardPayBody = z.output<typeof cardPayBodySchema>;

export const PAYPAL_BUTTON_METHODS = ['paypal_credit', 'paypal'] as const;

/** `POST /pay-pal-payment-gateway/create-order`: the PayPal buttons (card via PayPal by default). */
export const payPalCreateOrderBodySchema = z.object({
  method: optionalField<(typeof PAYPAL_BUTTON_METHODS)[number]>(
    [{ message: PaymentRequestMessages.paypalMethodInvalid, breaks: (value) => !isOneOf(value, PAYPAL_BUTTON_METHODS) }],
    { type: 'string', enum: PAYPAL_BUTTON_METHODS, default: 'paypal_credit' },
  ),
  order_id: orderIdField(),
});
export type PayPalCreateOrderBody = z.output<typeof payPalCreateOrderBodySchema>;

/** An operator records a bank transfer that arrived (amount in euros). */
export const confirmBankWireBodySchema = z.object({
  reference: formField<string, string>(
    [
      { message: PaymentRequestMessages.referenceRequired, breaks: isMissing },
      { message: PaymentRequestMessages.referenceText, breaks: (value) => typeof value !== 'string' },
      { message: PaymentRequestMessages.referenceRequired, breaks: (value) => typeof value !== 'string' || value.length < 1 },
      { message: PaymentRequestMessages.referenceLength, breaks: (value) => !isTextUpTo(value, 100) },
    ],
    (value) => value as string,
    { type: 'string', example: 'AM-2026-000123', description: 'The reference written on the transfer (or the order id)', required: true },
  ),
  amount: formField<number, number>(
    [
      { message: PaymentRequestMessages.amountRequired, breaks: isMissing },
      { message: PaymentRequestMessages.amountInvalid, breaks: (value) => !isNumberWithDecimals(numberFromText(value), 2) },
      { message: PaymentRequestMessages.amountPositive, breaks: (value) => !(typeof numberFromText(value) === 'number' && (numberFromText(value) as number) >= 0.01) },
      { message: PaymentRequestMessages.amountTooLarge, breaks: (value) => !(typeof numberFromText(value) === 'number' && (numberFromText(value) as number) <= 10_000_000) },
    ],
    (value) => numberFromText(value) as number,
    { type: 'number', example: 199, description: 'What arrived, in euros (cents as decimals); must cover the order total', required: true },
  ),
});
export type ConfirmBankWireBody = z.output<typeof confirmBankWireBodySchema>;

/** A required choice with one message for "missing" and "not one of them". */
function choiceField<const T extends readonly string[]>(choices: T, message: string, description?: string) {
  return formField<T[number], T[number]>(
    [
      { message, breaks: isMissing },
      { message, breaks: (value) => !isOneOf(value, choices) },
    ],
    (value) => value as T[number],
    { type: 'string', enum: choices, required: true, ...(description ? { description } : {}) },
  );
}

export const THREE_DS_OUTCOMES = ['approve', 'fail', 'cancel'] as const;

/** The sandbox 3-D Secure page: the buyer approves, fails or cancels the challenge. */
export const sandboxThreeDsCompleteBodySchema = z.object({ outcome: choiceField(THREE_DS_OUTCOMES, PaymentRequestMessages.threeDsOutcome) });
export type SandboxThreeDsCompleteBody = z.output<typeof sandboxThreeDsCompleteBodySchema>;

export const PAYPAL_DECISIONS = ['approve', 'instrument_declined', 'cancel'] as const;

/** The sandbox PayPal approval page. */
export const sandboxPayPalDecideBodySchema = z.object({
  outcome: choiceField(PAYPAL_DECISIONS, PaymentRequestMessages.paypalDecision, '`instrument_declined`: the next capture answers INSTRUMENT_DECLINED'),
});
export type SandboxPayPalDecideBody = z.output<typeof sandboxPayPalDecideBodySchema>;

/** A whole number of a query (form text), with its lower and upper bound checks. */
function pageNumberField(whole: string, bounds: { message: string; breaks: (n: number) => boolean }[], doc: FieldDoc) {
  const number = (value: unknown) => numberFromText(value);
  return optionalField<number>(
    [
      { message: whole, breaks: (value) => !isWholeNumber(number(value)) },
      ...bounds.map(({ message, breaks }) => ({ message, breaks: (value: unknown) => typeof number(value) !== 'number' || breaks(number(value) as number) })),
    ],
    doc,
    number,
  );
}

/** `?page=&per_page=` of the orders list and the wallet ledger. */
export const pageQuerySchema = z.object({
  page: pageNumberField(PaymentRequestMessages.pageWhole, [{ message: PaymentRequestMessages.pageMin, breaks: (n) => !(n >= 1) }], {
    type: 'number',
    example: 1,
    default: 1,
  }),
  per_page: pageNumberField(
    PaymentRequestMessages.pageSizeWhole,
    [
      { message: PaymentRequestMessages.pageSizeMin, breaks: (n) => !(n >= 10) },
      { message: PaymentRequestMessages.pageSizeMax, breaks: (n) => !(n <= 50) },
    ],
    { type: 'number', example: 10, default: 10, minimum: 10, maximum: 50 },
  ),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/*
 * The RPCs of payments. Who pays is the acting user of the request context (the buyer: user
 * id, e-mail, name, company), and the cart placed is the client session's (the context's
 * session): no payload names either. An id a caller names (an order, a transaction, a PayPal
 * order) is read as text whatever was sent; one that names nothing of the buyer is "not found".
 */

/** An id as a caller names it: any value read as text (what is no id finds nothing). */
const idText = () => lookupField();

/** A provider's id (a transaction, a PayPal order) as a caller names it: trimmed, '' when it is not text of 1 to `max` characters. */
const providerRef = (max: number) => formField<string, string>([], (value) => trimmedTextOf(value, max) ?? '', { type: 'string' });

/** An id, left out when absent. */
const optionalIdText = () =>
  formField<string | undefined, string | undefined>([], (value) => (value === undefined ? undefined : textOfAnyValue(value)), { type: 'string' });

/** The order's billing information as the invoice prints it (accounts' billing form, read when the order is placed). */
const billingField = () => billingSnapshotSchema.nullable().optional();

/** `PaymentsRpc.PlaceOrder`: the session's cart becomes an order of the acting user, to pay with `method`. */
export const placeOrderRequestSchema = z.object({
  /** A payment kind; one that is unknown or not enabled is answered "not available". */
  method: idText(),
  billing: billingField(),
});
export type PlaceOrderRequest = RequestOf<typeof placeOrderRequestSchema>;

/**
 * The order a payment is for: an order of the buyer placed before (`orderId`), or the session's
 * cart placed now (`place`, with the billing information for the invoice). With `place`, the
 * payment's own fields are checked before the order is placed, so a form error leaves no order.
 */
const paymentTargetFields = () => ({
  orderId: optionalIdText(),
  place: z.object({ billing: billingField() }).optional(),
});
export const paymentTargetSchema = z.object(paymentTargetFields());
export type PaymentTarget = RequestOf<typeof paymentTargetSchema>;

/** What the browser reports about itself; Mangopay needs it for 3-D Secure 2. */
export const browserClientInfoSchema = z.object({
  ip: z.string().optional(),
  userAgent: z.string().optional(),
  acceptHeader: z.string().optional(),
  language: z.string().optional(),
});
export type BrowserClientInfo = z.output<typeof browserClientInfoSchema>;

/** `PaymentsRpc.PayByCard`: the card form as the page posts it (same checks as the HTTP body), and the order. */
export const cardPayRequestSchema = formSchema({ ...cardFields(), ...paymentTargetFields(), client: browserClientInfoSchema.optional() }, cardChecks);
export type CardPayRequest = RequestOf<typeof cardPayRequestSchema>;

/** `PaymentsRpc.CardCallback`: `/payment-gateway/mango-pay-callback/{cart_id}?transactionId=`. */
export const cardCallbackRequestSchema = z.object({ orderId: idText(), transactionId: providerRef(200) });
export type CardCallbackRequest = RequestOf<typeof cardCallbackRequestSchema>;

/** `PaymentsRpc.PayPalCreateOrder`: `paypal_credit` (the PayPal buttons, the default) or `paypal`. */
export const payPalCreateOrderRequestSchema = z.object({
  ...paymentTargetFields(),
  method: formField<'paypal_credit' | 'paypal', 'paypal_credit' | 'paypal' | undefined>([], (value) =>
    value === 'paypal' ? 'paypal' : 'paypal_credit',
  ),
});
export type PayPalCreateOrderRequest = RequestOf<typeof payPalCreateOrderRequestSchema>;

/** `PaymentsRpc.PayPalCapture`: a PayPal order of the acting user (of anyone, without an actor). */
export const payPalCaptureRequestSchema = z.object({ paypalOrderId: providerRef(100) });
export type PayPalCaptureRequest = RequestOf<typeof payPalCaptureRequestSchema>;

/** `PaymentsRpc.PayPalReturn`: back from PayPal's approval page (`canceled` on the cancel route). */
export const payPalReturnRequestSchema = z.object({
  paypalOrderId: providerRef(100),
  canceled: formField<boolean, boolean | undefined>([], (value) => value === true),
});
export type PayPalReturnRequest = RequestOf<typeof payPalReturnRequestSchema>;

/** One order of the acting user: `GetOrder`, `CancelOrder`, `BankWireInstructions` (and the sandbox's transfer). */
export const orderIdRequestSchema = z.object({ orderId: idText() });
export type OrderIdRequest = RequestOf<typeof orderIdRequestSchema>;

/** `PaymentsRpc.ListOrders` and `WalletLedger`: a page of the acting user's list, as the query reads it. */
export type PageRequest = RequestOf<typeof pageQuerySchema>;

export const ConfirmBankWireMessages = {
  referenceRequired: 'The reference is required.',
  operatorRequired: 'The operator is required.',
} as const;

/** `PaymentsRpc.ConfirmBankWire`: an operator (the acting user, kept on the payment) records a received transfer. */
export const confirmBankWireRequestSchema = z.object({
  /** The reference written on the transfer (or the order id). */
  reference: formField<string, string>(
    [{ message: ConfirmBankWireMessages.referenceRequired, breaks: (value) => trimmedTextOf(value, 100) === null }],
    (value) => trimmedTextOf(value, 100) ?? '',
  ),
  /** What arrived, cents; must cover the order total. */
  amountCents: formField<number, number>([], Number),
});
export type ConfirmBankWireRequest = RequestOf<typeof confirmBankWireRequestSchema>;

/** `PaymentsRpc.ProviderWebhook`: a provider notification, verified with the provider before use. */
export const providerWebhookRequestSchema = z.object({
  /** `card`: Mangopay hook query (`EventType`, `RessourceId`); `paypal`: PayPal event JSON body. */
  source: z.enum(['card', 'paypal'], { error: 'Unknown webhook source.' }),
  payload: z.record(z.string(), z.unknown()).nullish().transform((payload) => payload ?? {}),
});
export type ProviderWebhookRequest = RequestOf<typeof providerWebhookRequestSchema>;

/** The sandbox provider's pages: one of its transactions (a card payment, a PayPal order). */
export const sandboxTransactionRequestSchema = z.object({ transactionId: idText() });
export const sandboxPayPalOrderRequestSchema = z.object({ paypalOrderId: idText() });

/** The sandbox 3-D Secure page: the buyer approves, fails or cancels the challenge. */
export const sandboxThreeDsCompleteRequestSchema = sandboxThreeDsCompleteBodySchema.extend({ transactionId: idText() });
export type SandboxThreeDsCompleteRequest = RequestOf<typeof sandboxThreeDsCompleteRequestSchema>;

/** The sandbox PayPal approval page. */
export const sandboxPayPalDecideRequestSchema = sandboxPayPalDecideBodySchema.extend({ paypalOrderId: idText() });
export type SandboxPayPalDecideRequest = RequestOf<typeof sandboxPayPalDecideRequestSchema>;
