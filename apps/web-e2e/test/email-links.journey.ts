/// <reference lib="dom" />
import { afterEach, beforeAll, describe, expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { journey } from './support/journey.js';
import { caughtMails, until, type CaughtMail } from './support/mail.js';
import { queryProduct, type RunningProduct } from './support/product.js';
import { payWithCard } from './support/shop-steps.js';

/**
 * The shop is opened at another host name than the machine's usual 127.0.0.1 (as a LAN address,
 * a container or a domain would be): PUBLIC_BASE_URL names it, and the gateway listens there only.
 */
const PUBLIC_HOST = '127.0.0.2';
const PASSWORD = 'Aviation2026!';
const COMPANY = 'company@aeromaint.local';
const STUDENT = 'student@aeromaint.local';
const INSTRUCTOR = 'instructor@aeromaint.local';

/** Demo catalogue (apps/catalog-cart/src/seed/demo-catalog.data.ts). */
const SEATS = { name: 'Part-145 Initial Training', slug: 'part-145-initial-training', programId: 2001, unit: '€149.00', three: '€447.00' } as const;
const PAYPAL_COURSE = { name: 'Part-145 Continuation Training', slug: 'part-145-continuation-training', price: '€79.00' } as const;
const BANK_WIRE_COURSE = { name: 'EWIS: Electrical Wiring Interconnection System', slug: 'ewis-electrical-wiring-interconnection-system' } as const;
/** Sandbox test cards (apps/payments/README.md). */
const CARDS = { threeDs: '4000000000003220' } as const;

/** Every address in an e-mail: the text's and the HTML's links. */
function linksOf(mail: CaughtMail): string[] {
  const found = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replaceAll('&amp;', '&'));
  return [...new Set(found)];
}

describe(`journey on another host name (${PUBLIC_HOST}): every link of every e-mail opens the right screen, payments come back signed in, failures say what to do`, () => {
  let product: RunningProduct;
  const pageErrors: Error[][] = [];
  const cspViolations: CspViolation[][] = [];
  /** Documents the browser loaded from anywhere but the shop's public address (none may be). */
  const elsewhere: string[] = [];
  /** The e-mail links the journey opened in the browser (each checked where it landed). */
  const opened = new Set<string>();
  /** The company's page (signed in), which buys the seats, shares them and organizes. */
  let company: Page;

  // Each step waits for pages and e-mails, with room for a machine busy with other suites; a failed
  // step leaves a screenshot of every page open.
  const trip = journey({ name: 'email-links', stepTimeoutMs: 90_000, failurePages: () => trip.openPages(), productOptions: { host: PUBLIC_HOST } });
  const { url, newContext, step, screenshot: shot } = trip;

  /** A new browser (no cookies), its pages watched for uncaught errors and CSP violations. */
  async function freshPage(): Promise<Page> {
    const context = await newContext();
    cspViolations.push(await watchCspViolations(context));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pageErrors.push(watchPageErrors(page));
    // The newsletter bonus offer may open over any page of a signed-in user who has not seen it yet.
    const bonus = page.getByRole('dialog', { name: 'A bonus for subscribers' });
    await page.addLocatorHandler(bonus, () => bonus.getByRole('button', { name: 'No, thanks' }).click());
    // Every document the browser loads is on the shop's public address.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() !== 'about:blank' && new URL(frame.url()).origin !== product.url) elsewhere.push(frame.url());
    });
    return page;
  }

  async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
    if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto(url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: false }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
  }

  /** Who the page's session belongs to (`GET /api/me`), or null when signed out. */
  async function signedInAs(page: Page): Promise<string | null> {
    const me = await page.evaluate(() => fetch('/api/me', { headers: { Accept: 'application/json' } }).then((r) => r.json() as Promise<{ data: { email: string } | null }>));
    return me.data?.email ?? null;
  }

  /** A call of the web app's API from the page, as the web app makes it (XSRF header from the cookie). */
  async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return page.evaluate(
      async ({ method, path, body }) => {
        const xsrf = document.cookie.split('; ').find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
        const response = await fetch(path, {
          method,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json().catch(() => null)) as T };
      },
      { method, path, body },
    );
  }

  /** The e-mail to `to` whose subject matches, once it arrived (the newest when there are several). */
  async function mailTo(to: string, subject: RegExp, skip: Set<string> = new Set()): Promise<CaughtMail> {
    return until(`an e-mail to ${to} matching ${subject}`, async () =>
      (await caughtMails(product))
        .filter((mail) => !skip.has(mail.id) && subject.test(mail.subject) && mail.to.some((r) => r.address.toLowerCase() === to.toLowerCase()))
        .at(-1),
    );
  }

  /** The one link of the e-mail that starts with `${PUBLIC_BASE_URL}${path}`; it is then counted as opened. */
  function linkIn(mail: CaughtMail, path: RegExp): string {
    const links = linksOf(mail).filter((link) => link.startsWith(product.url) && path.test(link.slice(product.url.length)));
    expect(links).toHaveLength(1);
    opened.add(links[0]);
    return links[0];
  }

  const query = <T>(sql: string, params?: unknown[]) => queryProduct<T>(product, sql, params);

  /** Fills the card form (the chosen method) and presses "Pay €…". */
  const payByCard = (page: Page, number: string, price: string) => payWithCard(page, number, `Pay ${price}`);

  /** Adds a course from its page; "Proceed to checkout" opens the cart. */
  async function addToCart(page: Page, course: { name: string; slug: string }): Promise<void> {
    await page.goto(url(`/e-shop/${course.slug}`));
    await page.getByRole('button', { name: `Add to cart: ${course.name}`, exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Product added to cart' }).getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(/\/cart(\?|$)/);
  }

  beforeAll(async () => {
    product = trip.product;
    expect(product.url).toMatch(new RegExp(`^http://${PUBLIC_HOST.replaceAll('.', '\\.')}:\\d+$`));
    company = await freshPage();
  });

  afterEach(() => {
    // Uncaught errors and CSP violations fail the step they happened in.
    expect(pageErrors.flatMap((list) => list.splice(0)).map((error) => error.message)).toEqual([]);
    expect(cspViolations.flatMap((list) => list.splice(0))).toEqual([]);
    expect(elsewhere.splice(0)).toEqual([]);
  });

  step('card with 3-D Secure on the public host: a failed challenge says what to do with the card still chosen; at once again, approving brings the company back signed in to its paid order', async () => {
    await signIn(company, COMPANY);
    await company.getByRole('button', { name: 'Accept only necessary' }).click();
    await addToCart(company, SEATS);
    await company.getByLabel(`Quantity of ${SEATS.name}`).fill('3');
    await company.getByRole('table', { name: 'Products in your cart' }).getByText(SEATS.three).first().waitFor();
    await company.getByRole('link', { name: 'Proceed', exact: true }).click();
    await company.waitForURL(/\/cart\/credentials(\?|$)/);
    await payByCard(company, CARDS.threeDs, SEATS.three);

    // The provider's page is on the public address (security_url built on PUBLIC_BASE_URL).
    await company.waitForURL(/\/sandbox\/3ds\/[^/]+$/);
    const firstChallenge = new URL(company.url()).pathname.split('/').pop()!;
    await company.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor();
    await company.getByRole('button', { name: 'Fail' }).click();

    await company.waitForURL((address) => address.pathname === '/cart/credentials' && address.searchParams.get('payment_error') === 'payment.three_ds_failed');
    await company.getByRole('alert').filter({ hasText: 'Payment error: 3-D Secure verification failed. Try again or use another card.' }).waitFor();
    expect(await company.getByRole('radio', { name: 'Credit card', exact: true }).isChecked()).toBe(true);
    await company.locator('.checkout__price').getByText(SEATS.three).waitFor();
    await shot(company, '3ds-failed');

    await payByCard(company, CARDS.threeDs, SEATS.three);
    await company.waitForURL(/\/sandbox\/3ds\/[^/]+$/);
    const challenge = new URL(company.url()).pathname.split('/').pop()!;
    expect(challenge).not.toBe(firstChallenge);
    await company.getByRole('button', { name: 'Approve' }).click();

    await company.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
    await company.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await company.locator('dl.payment-success__details').getByText('Paid', { exact: true }).waitFor();
    await company.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await signedInAs(company)).toBe(COMPANY);
    const orderId = new URL(company.url()).pathname.split('/').pop()!;
    await shot(company, '3ds-paid');

    // The return address given to the provider is the public one too (a real provider redirects there).
    const [transaction] = await query<{ return_url: string }>('SELECT return_url FROM payments.sandbox_transactions WHERE id = $1', [challenge]);
    expect(transaction.return_url).toBe(`${product.url}/payment-gateway/mango-pay-callback/${orderId}`);
  });

  step('the order confirmation e-mail links the orders page, which shows the paid order', async () => {
    const mail = await mailTo(COMPANY, /^Order confirmation AM-\d{4}-\d{6}$/);
    const reference = /AM-\d{4}-\d{6}/.exec(mail.subject)![0];
    await company.goto(linkIn(mail, /^\/orders$/));
    await company.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const card = company.getByRole('list', { name: 'Your orders and invoices' }).getByRole('article', { name: `Order ${reference}`, exact: true });
    await card.locator('.order-status').getByText('Paid', { exact: true }).waitFor();
  });

  step('PayPal on the public host: a declined instrument comes back to the payment page saying so, PayPal still chosen; PayPal again approves the same order and the student is back signed in', async () => {
    const student = await freshPage();
    await signIn(student, STUDENT);
    await student.getByRole('button', { name: 'Accept only necessary' }).click();
    await addToCart(student, PAYPAL_COURSE);
    await student.getByRole('link', { name: 'Proceed', exact: true }).click();
    await student.waitForURL(/\/cart\/credentials(\?|$)/);
    await student.getByRole('radio', { name: 'PayPal', exact: true }).check();
    await student.getByRole('button', { name: 'PayPal', exact: true }).click();

    await student.waitForURL(/\/sandbox\/paypal\/[^/]+$/);
    const payPalOrder = new URL(student.url()).pathname.split('/').pop()!;
    await student.getByRole('button', { name: 'Approve with a declined instrument' }).click();

    await student.waitForURL((address) => address.pathname === '/cart/credentials' && address.searchParams.get('payment_error') === 'payment.instrument_declined');
    await student.getByRole('alert').filter({ hasText: 'Payment error: PayPal declined the payment. Try another payment method.' }).waitFor();
    expect(await student.getByRole('radio', { name: 'PayPal', exact: true }).isChecked()).toBe(true);
    await student.locator('.checkout__price').getByText(PAYPAL_COURSE.price).waitFor();
    await shot(student, 'paypal-declined');

    await student.getByRole('button', { name: 'PayPal', exact: true }).click();
    await student.waitForURL(new RegExp(`/sandbox/paypal/${payPalOrder}$`));
    await student.getByRole('button', { name: 'Approve', exact: true }).click();
    await student.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
    await student.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    expect(await signedInAs(student)).toBe(STUDENT);

    const [order] = await query<{ return_url: string; cancel_url: string }>('SELECT return_url, cancel_url FROM payments.sandbox_transactions WHERE id = $1', [payPalOrder]);
    expect(order).toEqual({ return_url: `${product.url}/pay-pal-payment-gateway/return`, cancel_url: `${product.url}/pay-pal-payment-gateway/cancel` });
    // Its confirmation e-mail links the same orders page.
    const mail = await mailTo(STUDENT, /^Order confirmation /);
    await student.goto(linkIn(mail, /^\/orders$/));
    await student.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  });

  step("bank wire: the e-mail with the transfer details and the reference to quote links the order's instructions page", async () => {
    const student = await freshPage();
    await signIn(student, STUDENT);
    await student.getByRole('button', { name: 'Accept only necessary' }).click();
    await addToCart(student, BANK_WIRE_COURSE);
    await student.getByRole('link', { name: 'Proceed', exact: true }).click();
    await student.waitForURL(/\/cart\/credentials(\?|$)/);
    await student.getByRole('radio', { name: 'Bank wire', exact: true }).check();
    await student.getByRole('button', { name: 'Pay by bank wire' }).click();
    await student.waitForURL(/\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    const instructionsPage = student.url();

    const mail = await mailTo(STUDENT, /^Bank wire details for order AM-\d{4}-\d{6}$/);
    const reference = /AM-\d{4}-\d{6}/.exec(mail.subject)![0];
    expect(mail.text).toContain(`Reference to quote: ${reference}`);
    const link = linkIn(mail, /^\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    expect(link).toBe(instructionsPage);
    await student.goto(link);
    await student.locator('dl.bank-wire__details').getByText(reference).waitFor();
  });

  step('registration: the verification link verifies the address', async () => {
    const visitor = await freshPage();
    await visitor.goto(url('/'));
    const email = 'rita.kowalski@journey.example';
    const registered = await api<{ data: { email: string } }>(visitor, 'POST', '/register', {
      nick: 'rita_k',
      first_name: 'Rita',
      last_name: 'Kowalski',
      email,
      password: 'Hangar2026!',
      password_confirmation: 'Hangar2026!',
      type: 'student',
      terms_and_conditions: true,
    });
    expect(registered.status).toBeLessThan(300);

    const mail = await mailTo(email, /Verify your e-mail address/);
    await visitor.goto(linkIn(mail, /^\/email\/verify\?token=[^&]+$/));
    await visitor.getByRole('heading', { level: 1, name: 'E-mail verification' }).waitFor();
    await visitor.getByRole('status').filter({ hasText: 'Your e-mail address has been verified.' }).waitFor();
  });

  step('password reset, the whole way: asked for on the site, the e-mailed link opens the new-password form, the new password signs in; the notice that follows links the reset page', async () => {
    const visitor = await freshPage();
    await visitor.goto(url('/login'));
    await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
    await visitor.waitForURL(/\/password\/reset$/);
    await visitor.getByText('Enter the e-mail address of your account').waitFor();
    await visitor.getByLabel('E-mail').fill(INSTRUCTOR);
    await visitor.getByRole('button', { name: 'Send the reset link' }).click();
    await visitor.getByRole('status').filter({ hasText: 'We have e-mailed your password reset link.' }).waitFor();

    const mail = await mailTo(INSTRUCTOR, /^Reset your password/);
    const link = linkIn(mail, /^\/password\/reset\/[^/?]+\?email=/);
    await visitor.goto(link);
    // The new-password form, not the request form again.
    await visitor.getByRole('heading', { level: 1, name: 'Password reset' }).waitFor();
    await visitor.getByText('Choose a new password for your account.').waitFor();
    expect(await visitor.getByRole('button', { name: 'Send the reset link' }).count()).toBe(0);
    expect(await visitor.getByLabel('E-mail').inputValue()).toBe(INSTRUCTOR);
    await shot(visitor, 'reset-form');

    const newPassword = 'Rudder2027!';
    await visitor.getByLabel(/^New password/).fill(newPassword);
    await visitor.getByLabel(/^Confirm password/).fill(newPassword);
    await visitor.getByRole('button', { name: 'Reset password' }).click();
    await visitor.waitForURL(/\/login(\?|$)/);
    await visitor.locator('.flash--success').getByText('Your password has been reset.').waitFor();
    await signIn(visitor, INSTRUCTOR, newPassword);
    expect(await signedInAs(visitor)).toBe(INSTRUCTOR);

    // The security notice: someone who did not change the password asks for a reset from its link.
    const notice = await mailTo(INSTRUCTOR, /^Your password was changed/);
    await visitor.goto(linkIn(notice, /^\/password\/reset$/));
    await visitor.getByRole('heading', { level: 1, name: 'Password reset' }).waitFor();
    await visitor.getByRole('button', { name: 'Send the reset link' }).waitFor();
  });

  step('a reset link in the earlier form (/password/reset?token=…&email=…), already in mailboxes, opens the new-password form too and sets the password', async () => {
    const visitor = await freshPage();
    await visitor.goto(url('/password/reset'));
    await visitor.getByText('Enter the e-mail address of your account').waitFor();
    await visitor.getByLabel('E-mail').fill(INSTRUCTOR);
    const before = new Set((await caughtMails(product)).map((mail) => mail.id));
    await visitor.getByRole('button', { name: 'Send the reset link' }).click();
    const mail = await mailTo(INSTRUCTOR, /^Reset your password/, before);
    const link = new URL(linkIn(mail, /^\/password\/reset\/[^/?]+\?email=/));
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    const earlier = `${product.url}/password/reset?${new URLSearchParams({ token, email: INSTRUCTOR }).toString()}`;

    await visitor.goto(earlier);
    await visitor.getByText('Choose a new password for your account.').waitFor();
    expect(await visitor.getByLabel('E-mail').inputValue()).toBe(INSTRUCTOR);
    await visitor.getByLabel(/^New password/).fill(PASSWORD);
    await visitor.getByLabel(/^Confirm password/).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Reset password' }).click();
    await visitor.waitForURL(/\/login(\?|$)/);
    await signIn(visitor, INSTRUCTOR);
    expect(await signedInAs(visitor)).toBe(INSTRUCTOR);
  });

  step('invitation: its link opens the registration form for the invited address', async () => {
    const invited = 'new.mechanic@journey.example';
    expect((await api(company, 'POST', '/invitations', { email: invited, position: 'B1 mechanic' })).status).toBeLessThan(300);
    const mail = await mailTo(invited, /invites you to its Student List/);
    const visitor = await freshPage();
    await visitor.goto(linkIn(mail, /^\/register\?invitation=[^&]+&email=/));
    await visitor.getByRole('heading', { level: 1, name: 'Registration' }).waitFor();
    await visitor.getByText("You were invited to join a company's Student List.", { exact: false }).waitFor();
    const email = visitor.getByRole('textbox', { name: 'E-mail', exact: true });
    expect(await email.inputValue()).toBe(invited);
    expect(await email.getAttribute('readonly')).not.toBeNull();
  });

  step('shares: the e-mailed course opens My courses for its recipient (after signing in), the e-mailed ticket the activation page, where its code activates it', async () => {
    await until('3 seats granted to the company', async () => {
      const seats = await api<{ count: number }>(company, 'GET', `/my-courses/available-for-sharing/${SEATS.programId}`);
      return seats.body?.count === 3;
    });
    expect((await api(company, 'POST', `/quick-share/${SEATS.programId}`, { email: STUDENT, share_type: 'email' })).status).toBe(200);
    expect((await api(company, 'POST', `/quick-share/${SEATS.programId}`, { email: INSTRUCTOR, share_type: 'ticket', name: 'Ivo Instructor' })).status).toBe(200);

    // By e-mail: opened signed out, the link asks to sign in and comes back to My courses with the course to receive.
    const shared = await mailTo(STUDENT, new RegExp(`shared "${SEATS.name}" with you`));
    const recipient = await freshPage();
    await recipient.goto(linkIn(shared, /^\/my-courses$/));
    await recipient.waitForURL(/\/login\?/);
    await signIn(recipient, STUDENT);
    await recipient.waitForURL(/\/my-courses$/);
    await recipient.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    const prompt = recipient.getByRole('dialog', { name: /Courses shared with you/ });
    await prompt.getByRole('button', { name: 'Receive' }).click();
    await recipient.getByRole('heading', { name: SEATS.name }).first().waitFor();
    await shot(recipient, 'share-received');

    // As a ticket: the activation page, where the e-mailed code and password activate it.
    const ticketMail = await mailTo(INSTRUCTOR, new RegExp(`Your ticket for ${SEATS.name}`));
    const code = /Activation code: ([A-Z0-9-]+)/.exec(ticketMail.text)![1];
    const password = /Password: (\S+)/.exec(ticketMail.text)![1];
    const holder = await freshPage();
    await holder.goto(linkIn(ticketMail, /^\/ticket-activation$/));
    await holder.getByRole('heading', { level: 1, name: 'Activate a ticket' }).waitFor();
    await holder.locator('.ticket-activation').getByRole('link', { name: 'Log in', exact: true }).click();
    await signIn(holder, INSTRUCTOR);
    await holder.waitForURL(/\/ticket-activation$/);
    await holder.getByLabel('Activation code').fill(code);
    await holder.getByLabel('Password').fill(password);
    await holder.getByRole('button', { name: 'Activate' }).click();
    await holder.getByRole('status').getByText('The ticket was activated').waitFor();
  });

  step('organize course: the delivery summary links the tickets to print, which open for the organizer', async () => {
    const delivered = await api<{ redirect?: string }>(company, 'POST', '/organize-course/deliver', {
      program_id: SEATS.programId,
      students: [{ name: 'Ona Kazlauskė', email: '', share_by_ticket: 1, hard_copy_certificate: false }],
      send_tickets_by_email: false,
    });
    expect(delivered.status).toBe(200);
    const mail = await mailTo(COMPANY, new RegExp(`^Courses delivered: ${SEATS.name}`));
    await company.goto(linkIn(mail, /^\/tickets\/[A-Z0-9-]+$/));
    await company.getByRole('heading', { level: 1, name: 'Print ticket' }).waitFor();
    expect(await company.locator('.ticket__code').first().textContent()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await shot(company, 'tickets');
  });

  step('every link of every e-mail of the journey is on the public address, and each was opened above', async () => {
    const mails = await caughtMails(product);
    expect(mails.length).toBeGreaterThanOrEqual(10);
    const links = mails.flatMap((mail) => linksOf(mail).map((link) => ({ subject: mail.subject, link })));
    expect(links.filter(({ link }) => !link.startsWith(`${product.url}/`))).toEqual([]);
    expect(links.filter(({ link }) => !opened.has(link))).toEqual([]);
    // Orders, bank-wire instructions, verification, two reset links, the reset page, invitation, My courses, ticket activation, tickets to print.
    expect(new Set(links.map(({ link }) => link)).size).toBeGreaterThanOrEqual(10);
  });
});
