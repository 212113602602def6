/// <reference lib="dom" />
import { afterEach, beforeAll, describe, expect } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { journey } from './support/journey.js';
import type { RunningProduct } from './support/product.js';
import { caughtMails, until } from './support/mail.js';
import { addShownCourseToCart, emptyCart, payWithCard, proceedToPayment, signIn as signInAt } from './support/shop-steps.js';

const STUDENT = 'student@aeromaint.local';
const ADMIN = 'admin@aeromaint.local';

/** Demo catalogue courses (apps/catalog-cart/src/seed/demo-catalog.data.ts), one per journey step. */
const COURSES = {
  threeDs: { name: 'Part-66 Module 8: Basic Aerodynamics', slug: 'part-66-module-8-basic-aerodynamics', price: '€99.00' },
  declined: { name: 'Part-66 Module 9: Human Factors', slug: 'part-66-module-9-human-factors', price: '€89.00' },
  payPal: { name: 'Part-145 Continuation Training', slug: 'part-145-continuation-training', price: '€79.00' },
  payPalCredit: { name: 'EWIS: Electrical Wiring Interconnection System', slug: 'ewis-electrical-wiring-interconnection-system', price: '€69.00' },
  bankWire: { name: 'Part-M Continuing Airworthiness', slug: 'part-m-continuing-airworthiness', price: '€179.00' },
  wallet: { name: 'Part-66 Module 1: Mathematics', slug: 'part-66-module-1-mathematics', price: '€99.00' },
  free: { name: 'Part-66 Module 2: Physics', slug: 'part-66-module-2-physics', price: '€129.00' },
  canceled: { name: 'Part-66 Module 10: Aviation Legislation', slug: 'part-66-module-10-aviation-legislation', price: '€109.00' },
} as const;
type Course = (typeof COURSES)[keyof typeof COURSES];

/** Sandbox test cards (apps/payments/README.md). */
const CARDS = { paid: '4242424242424242', threeDs: '4000000000003220', declined: '4000000000000002' } as const;

/** What a card of the orders screen shows. */
interface OrderFacts {
  status: string;
  payment: string;
  total: string;
  products: string[];
  cancelable: boolean;
  invoice: string | null;
}

/** The text of each `<dd>` of a description list, by the text of its `<dt>`. */
async function descriptionList(list: Locator): Promise<Record<string, string>> {
  await list.waitFor();
  return list.evaluate((element) => {
    const facts: Record<string, string> = {};
    for (const term of Array.from(element.querySelectorAll('dt'))) {
      const value = term.nextElementSibling;
      if (value?.tagName === 'DD') facts[term.textContent?.trim() ?? ''] = (value.textContent ?? '').replace(/\s+/g, ' ').trim();
    }
    return facts;
  });
}

describe('journey: a signed-in buyer pays with every method and follows the orders on the orders screen', () => {
  let product: RunningProduct;
  let page: Page;
  let pageErrors: Error[];
  /** Content-Security-Policy violations of the buyer's pages (content-security.journey.ts walks the rest). */
  let cspViolations: CspViolation[];
  /** References of the orders this journey paid (checked against the orders screen and the e-mails). */
  const paid: { reference: string; course: Course; payment: string }[] = [];

  // Each step waits for pages and e-mails, with room for a machine busy with other suites; a failed
  // step leaves a screenshot of the page as it was (`checkout-failed-<n>.png`).
  const trip = journey({ name: 'checkout', stepTimeoutMs: 60_000, failurePages: () => [page] });
  const { url, newContext, step } = trip;
  const shot = (name: string, on: Page = page) => trip.screenshot(on, name);
  /** Signs in through the login page like a person (the context keeps the session cookie). */
  const signIn = (on: Page, email: string) => signInAt(on, url(''), email);

  /**
   * Adds the course from the E-shop list or from its own page, then "Proceed to checkout" in the
   * added-to-cart modal opens the cart.
   */
  async function addToCart(course: Course, from: 'e-shop' | 'main menu' | 'product page'): Promise<void> {
    if (from === 'e-shop') {
      await page.goto(url('/e-shop'));
      await page.getByRole('heading', { level: 1, name: 'E-shop' }).waitFor();
    } else if (from === 'main menu') {
      // Within the app, without loading the page again (what the app holds in memory stays).
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'E-shop', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'E-shop' }).waitFor();
    } else {
      await page.goto(url(`/e-shop/${course.slug}`));
      await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    }
    await addShownCourseToCart(page, course);
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
  }

  async function chooseMethod(label: string): Promise<void> {
    const radio = page.getByRole('radio', { name: label, exact: true });
    await radio.check();
    expect(await radio.isChecked()).toBe(true);
  }

  /** Fills the credit card form (the default method) and presses "Pay €…". */
  async function payByCard(number: string, price: string): Promise<void> {
    expect(await page.getByRole('radio', { name: 'Credit card', exact: true }).isChecked()).toBe(true);
    await payWithCard(page, number, `Pay ${price}`);
  }

  /** The success page of an order: its reference, status, payment kind and total. */
  async function successPage(): Promise<{ orderId: string; reference: string; status: string; payment: string; total: string }> {
    await page.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    const facts = await descriptionList(page.locator('dl.payment-success__details'));
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    return { orderId, reference: facts['Order reference'], status: facts['Status'], payment: facts['Payment'], total: facts['Total'] };
  }

  /** The orders screen, through the link of the success or bank-wire page ("Go to my orders"). */
  async function openOrdersFromLink(): Promise<void> {
    await page.getByRole('link', { name: 'Go to my orders' }).click();
    await page.waitForURL(/\/orders$/);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  }

  function orderCard(reference: string): Locator {
    return page.getByRole('list', { name: 'Your orders and invoices' }).getByRole('article', { name: `Order ${reference}`, exact: true });
  }

  /** What the orders screen shows of one order (waits for its card). */
  async function orderFacts(reference: string): Promise<OrderFacts> {
    const card = orderCard(reference);
    await card.waitFor();
    const facts = await descriptionList(card.locator('dl.order-card__facts'));
    const invoice = card.getByRole('link', { name: `Download the PDF invoice of order ${reference}` });
    return {
      status: (await card.locator('.order-status').innerText()).trim(),
      payment: facts['Payment'],
      total: facts['Total'],
      products: (await card.locator('table.order-lines tbody th').allInnerTexts()).map((text) => text.trim()),
      cancelable: await card.getByRole('button', { name: `Cancel order ${reference}` }).isVisible(),
      invoice: (await invoice.count()) > 0 ? await invoice.getAttribute('href') : null,
    };
  }

  /** The wallet balance at the head of the orders screen, in cents. */
  async function walletBalanceCents(): Promise<number> {
    const balance = page.locator('.orders__wallet strong');
    await balance.waitFor();
    const text = (await balance.innerText()).trim();
    const match = /^€([\d,]+)\.(\d{2})$/.exec(text);
    if (!match) throw new Error(`unexpected wallet balance "${text}"`);
    return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
  }

  beforeAll(async () => {
    product = trip.product;
    const context = await newContext();
    cspViolations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pageErrors = watchPageErrors(page);
    await signIn(page, STUDENT);
    // The buyer answers the cookie banner first (keeps it off the screenshots).
    const necessaryOnly = page.getByRole('button', { name: 'Accept only necessary' });
    await necessaryOnly.click();
    await necessaryOnly.waitFor({ state: 'hidden' });
  });

  afterEach(() => {
    // Uncaught errors of the page fail the step they happened in.
    expect(pageErrors.splice(0).map((error) => error.message)).toEqual([]);
    expect(cspViolations.splice(0)).toEqual([]);
  });

  step('card with 3-D Secure: the sandbox bank page approves, the success page and the orders screen show it paid by credit card', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.threeDs, 'product page');
    await proceedToPayment(page, COURSES.threeDs.price);
    await payByCard(CARDS.threeDs, COURSES.threeDs.price);

    await page.waitForURL(/\/sandbox\/3ds\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor();
    const challenge = await descriptionList(page.locator('dl.sandbox-page__details'));
    expect(challenge).toEqual(expect.objectContaining({ Amount: COURSES.threeDs.price, Card: 'ending in 3220' }));
    await shot('3ds-challenge');
    await page.getByRole('button', { name: 'Approve' }).click();

    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Credit card', total: COURSES.threeDs.price }));
    expect(success.reference).toMatch(/^AM-\d{4}-\d{6}$/);
    await shot('3ds-success');

    await openOrdersFromLink();
    expect(await orderFacts(success.reference)).toEqual(
      expect.objectContaining({ status: 'Paid', payment: 'Credit card', total: COURSES.threeDs.price, products: [COURSES.threeDs.name], cancelable: false }),
    );
    paid.push({ reference: success.reference, course: COURSES.threeDs, payment: 'Credit card' });
  });

  step('the paid order brings the confirmation e-mail with the invoice PDF, and the orders screen offers the same PDF', async () => {
    const [{ reference }] = paid;
    const mail = await until(`the confirmation e-mail of ${reference}`, async () =>
      (await caughtMails(product)).find((candidate) => candidate.subject.includes(reference) && candidate.to.some((to) => to.address === STUDENT)),
    );
    expect(mail.subject).toBe(`Order confirmation ${reference}`);
    const pdfs = (mail.attachments ?? []).filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0].filename).toMatch(/\.pdf$/);
    const attachment = await fetch(`${product.mailUrl}/api/email/${mail.id}/attachment/${encodeURIComponent(pdfs[0].generatedFileName)}`);
    expect(attachment.status).toBe(200);
    expect(Buffer.from(await attachment.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.reload();
    const facts = await orderFacts(reference);
    expect(facts.invoice).toMatch(/^\/orders\/[0-9a-f-]{36}\/invoice$/);
    const invoice = await page.request.get(url(facts.invoice ?? ''));
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toContain('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  step('a declined card says so and what to do, with the Oops alert, keeps the card chosen, and another card pays at once on the same page: one order, paid', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.declined, 'e-shop');
    await proceedToPayment(page, COURSES.declined.price);
    await payByCard(CARDS.declined, COURSES.declined.price);

    // The server's message (what happened, what to do) as an error flash, and the 'Oops...' alert.
    const serverMessage = 'Your card was declined. Try another card or another payment method.';
    await page.locator('.flash--error').getByText(serverMessage).waitFor();
    const oops = page.getByRole('dialog', { name: 'Oops...' });
    await oops.getByText('Something went wrong').waitFor();
    await oops.getByText(serverMessage).waitFor();
    await shot('card-declined');
    await oops.getByRole('button', { name: 'OK' }).click();
    await oops.waitFor({ state: 'hidden' });
    // Still on the payment page with the card chosen and the same price, the form usable again (no overlay left).
    expect(new URL(page.url()).pathname).toBe('/cart/credentials');
    expect(await page.getByRole('radio', { name: 'Credit card', exact: true }).isChecked()).toBe(true);
    await page.locator('.checkout__price').getByText(COURSES.declined.price).waitFor();
    await page.getByRole('form', { name: 'Credit card' }).getByRole('button', { name: `Pay ${COURSES.declined.price}` }).waitFor();
    expect(await page.getByRole('form', { name: 'Credit card' }).getByRole('button', { name: `Pay ${COURSES.declined.price}` }).isEnabled()).toBe(true);

    // At once, on the same page: another card pays the same order (the cart and its order were kept).
    await payByCard(CARDS.paid, COURSES.declined.price);
    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Credit card', total: COURSES.declined.price }));
    const { reference } = success;
    await openOrdersFromLink();
    expect(await orderFacts(reference)).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Credit card', products: [COURSES.declined.name], cancelable: false }));
    // One order for this course: the declined attempt left no second one.
    const declinedOrder = page.getByRole('article').filter({ has: page.getByRole('rowheader', { name: COURSES.declined.name }) });
    expect(await declinedOrder.count()).toBe(1);
    paid.push({ reference, course: COURSES.declined, payment: 'Credit card' });
  });

  step('PayPal: the sandbox PayPal page approves, the buyer comes back to the success page and the orders screen shows it paid with PayPal', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.payPal, 'e-shop');
    await proceedToPayment(page, COURSES.payPal.price);
    await chooseMethod('PayPal');
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();

    await page.waitForURL(/\/sandbox\/paypal\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Approve your PayPal payment' }).waitFor();
    expect((await descriptionList(page.locator('dl.sandbox-page__details')))['Amount']).toBe(COURSES.payPal.price);
    await shot('paypal-approval');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'PayPal', total: COURSES.payPal.price }));
    await openOrdersFromLink();
    expect(await orderFacts(success.reference)).toEqual(
      expect.objectContaining({ status: 'Paid', payment: 'PayPal', total: COURSES.payPal.price, products: [COURSES.payPal.name] }),
    );
    paid.push({ reference: success.reference, course: COURSES.payPal, payment: 'PayPal' });
  });

  step('PayPal Credit: an instrument the bank declines says the transaction could not be processed, and approving again pays', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.payPalCredit, 'product page');
    await proceedToPayment(page, COURSES.payPalCredit.price);
    await chooseMethod('Card via PayPal');
    await page.getByRole('button', { name: 'Card via PayPal' }).click();

    await page.waitForURL(/\/sandbox\/paypal\/[^/]+$/);
    const payPalOrder = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('button', { name: 'Approve with a declined instrument' }).click();

    // Back on the payment page, the capture is refused: the spec's text plus the description.
    await page.waitForURL(/\/cart\/credentials(\?|$)/);
    const declined = page.locator('.checkout__declined');
    await declined.getByText('Sorry, your transaction could not be processed.').waitFor();
    expect(await declined.getAttribute('role')).toBe('alert');
    expect(await page.getByRole('radio', { name: 'Card via PayPal', exact: true }).isChecked()).toBe(true);
    await shot('paypal-credit-declined');

    // The flow restarts: the same PayPal order goes back to its approval page.
    await page.getByRole('button', { name: 'Card via PayPal' }).click();
    await page.waitForURL(new RegExp(`/sandbox/paypal/${payPalOrder}$`));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Card via PayPal', total: COURSES.payPalCredit.price }));
    await openOrdersFromLink();
    expect(await orderFacts(success.reference)).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Card via PayPal', total: COURSES.payPalCredit.price }));
    paid.push({ reference: success.reference, course: COURSES.payPalCredit, payment: 'Card via PayPal' });
  });

  step('bank wire: the instructions page gives the order reference, the order waits for payment until an administrator records the transfer', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.bankWire, 'e-shop');
    await proceedToPayment(page, COURSES.bankWire.price);
    await chooseMethod('Bank wire');
    await page.getByRole('button', { name: 'Pay by bank wire' }).click();

    await page.waitForURL(/\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Pay by bank wire' }).waitFor();
    const instructions = await descriptionList(page.locator('dl.bank-wire__details'));
    const reference = (/AM-\d{4}-\d{6}/.exec(instructions['Reference to quote']) ?? [''])[0];
    expect(reference).not.toBe('');
    expect(instructions).toEqual(expect.objectContaining({ Amount: COURSES.bankWire.price }));
    expect(instructions['IBAN']).toMatch(/[A-Z]{2}\d{2}/);
    await page.getByText(`Your order ${reference} waits for your bank wire.`).waitFor();
    await shot('bank-wire-instructions');

    await openOrdersFromLink();
    expect(await orderFacts(reference)).toEqual(
      expect.objectContaining({ status: 'Waiting for payment', payment: 'Bank wire', total: COURSES.bankWire.price, cancelable: true, invoice: null }),
    );

    // The transfer arrives: an administrator records it (operator route, administrator's own session).
    const adminContext = await newContext();
    try {
      const adminPage = await adminContext.newPage();
      const adminErrors = watchPageErrors(adminPage);
      await signIn(adminPage, ADMIN);
      const xsrf = (await adminContext.cookies(product.url)).find((cookie) => cookie.name === 'XSRF-TOKEN');
      expect(xsrf).toBeDefined();
      const confirmed = await adminContext.request.post(url('/api/admin/payments/bank-wire/confirm'), {
        data: { reference, amount: 179 },
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? ''), 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      });
      expect(confirmed.status()).toBe(200);
      expect(((await confirmed.json()) as { message: string }).message).toBe('The transfer was recorded: the order is paid.');
      expect(adminErrors).toEqual([]);
    } finally {
      await adminContext.close();
    }

    await page.reload();
    expect(await orderFacts(reference)).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Bank wire', cancelable: false }));
    await page.goBack();
    await page.waitForURL(/\/payment\/bank-wire\//);
    await page.getByText('This order is paid. Thank you!').waitFor();
    paid.push({ reference, course: COURSES.bankWire, payment: 'Bank wire' });
  });

  step('wallet: offered because the balance covers the order, it pays at once and the balance goes down by the order total', async () => {
    await emptyCart(page, url(''));
    // The buyer looks at the balance on the orders screen, then shops from the menu.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const before = await walletBalanceCents();
    expect(before).toBeGreaterThanOrEqual(9900);
    await addToCart(COURSES.wallet, 'main menu');
    await proceedToPayment(page, COURSES.wallet.price);
    await chooseMethod('Wallet');
    await page.getByText(`Your wallet balance: €${(before / 100).toFixed(2)}.`).waitFor();
    await page.getByRole('button', { name: `Pay ${COURSES.wallet.price} from my wallet` }).click();

    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Wallet', total: COURSES.wallet.price }));
    await shot('wallet-success');
    await openOrdersFromLink();
    expect(await orderFacts(success.reference)).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Wallet', total: COURSES.wallet.price }));
    expect(await walletBalanceCents()).toBe(before - 9900);
    paid.push({ reference: success.reference, course: COURSES.wallet, payment: 'Wallet' });
  });

  step('free order: FREE100 makes the total zero, the payment page offers completing the order, and it is paid as free', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.free, 'product page');
    await page.getByLabel('Voucher code').fill('FREE100');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Voucher FREE100 is applied.').waitFor();
    await page.locator('table.cart-totals tr.cart-totals__total td').getByText('€0.00').waitFor();
    await shot('free-cart');

    await proceedToPayment(page, '€0.00');
    await page.getByText('Your order is free: there is nothing to pay.').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('button', { name: 'Complete order' }).click();

    const success = await successPage();
    expect(success).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Free', total: '€0.00' }));
    await openOrdersFromLink();
    const facts = await orderFacts(success.reference);
    expect(facts).toEqual(expect.objectContaining({ status: 'Paid', payment: 'Free', total: '€0.00', products: [COURSES.free.name] }));
    const voucherRow = orderCard(success.reference).getByRole('rowheader', { name: 'Voucher (FREE100)' });
    expect(await voucherRow.count()).toBe(1);
    paid.push({ reference: success.reference, course: COURSES.free, payment: 'Free' });
  });

  step('cancel: an unpaid bank-wire order is canceled with the cancel icon after confirming, and shows canceled', async () => {
    await emptyCart(page, url(''));
    await addToCart(COURSES.canceled, 'e-shop');
    await proceedToPayment(page, COURSES.canceled.price);
    await chooseMethod('Bank wire');
    await page.getByRole('button', { name: 'Pay by bank wire' }).click();
    await page.waitForURL(/\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    const instructions = await descriptionList(page.locator('dl.bank-wire__details'));
    const reference = (/AM-\d{4}-\d{6}/.exec(instructions['Reference to quote']) ?? [''])[0];

    await openOrdersFromLink();
    expect(await orderFacts(reference)).toEqual(expect.objectContaining({ status: 'Waiting for payment', cancelable: true }));
    await orderCard(reference).getByRole('button', { name: `Cancel order ${reference}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirm.getByText(`Order ${reference} will be canceled.`).waitFor();
    await confirm.getByRole('button', { name: 'Keep order' }).waitFor();
    await shot('cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.locator('.flash--success').getByText('The order was canceled.').waitFor();
    await orderCard(reference).locator('.order-status').getByText('Canceled', { exact: true }).waitFor();
    expect(await orderFacts(reference)).toEqual(expect.objectContaining({ status: 'Canceled', payment: 'Bank wire', cancelable: false, invoice: null }));

    // The instructions page now says not to send the transfer.
    await page.goBack();
    await page.waitForURL(/\/payment\/bank-wire\//);
    await page.getByText('This order was canceled: do not send a transfer for it.').waitFor();
  });

  step('the orders screen lists every order this journey paid, each paid with its own method', async () => {
    await page.goto(url('/orders'));
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    for (const order of paid) {
      expect(await orderFacts(order.reference)).toEqual(
        expect.objectContaining({ status: 'Paid', payment: order.payment, total: order.course === COURSES.free ? '€0.00' : order.course.price }),
      );
    }
    expect(paid.map((order) => order.payment)).toEqual(['Credit card', 'Credit card', 'PayPal', 'Card via PayPal', 'Bank wire', 'Wallet', 'Free']);
    await shot('orders');
  });
});
