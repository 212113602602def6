/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** Answers the newsletter bonus offer "No, thanks" whenever it opens over a page. */
export async function dismissBonusOffer(page: Page): Promise<void> {
  const bonus = page.getByRole('dialog', { name: 'A bonus for subscribers' });
  await page.addLocatorHandler(bonus, () => bonus.getByRole('button', { name: 'No, thanks' }).click());
}

/**
 * Opens the shop at `baseUrl` as a first-time visitor does: the cookie choice made (Accept only
 * necessary), and the bonus offer answered whenever it opens.
 */
export async function openShop(page: Page, baseUrl: string): Promise<void> {
  await dismissBonusOffer(page);
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Accept only necessary' }).click();
}

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Aviation2026!';

/** Signs in through the login page like a person (the page's context keeps the session cookie). */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/login'));
}

/** Adds a course from its product page; "Proceed to checkout" in the added-to-cart modal opens the cart. */
export async function addCourseToCart(page: Page, baseUrl: string, course: { slug: string; name: string }): Promise<void> {
  await page.goto(`${baseUrl}/e-shop/${course.slug}`);
  await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
  await addShownCourseToCart(page, course);
}

/**
 * "Add to cart" on the page shown (the E-shop list or the course's own page), then "Proceed to
 * checkout" in the added-to-cart modal opens the cart with the course in it.
 */
export async function addShownCourseToCart(page: Page, course: { name: string }): Promise<void> {
  await page.getByRole('button', { name: `Add to cart: ${course.name}`, exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Product added to cart' });
  await modal.getByText(course.name).first().waitFor();
  await modal.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL(/\/cart(\?|$)/);
  await page.getByRole('table', { name: 'Products in your cart' }).getByText(course.name).first().waitFor();
}

/**
 * Fills the card form of the payment page with the card `number` (an expiry two years ahead, CVC
 * 123) and presses its pay button ("Pay €…").
 */
export async function payWithCard(page: Page, number: string, payButton: string | RegExp = /^Pay /): Promise<void> {
  const form = page.getByRole('form', { name: 'Credit card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration month').selectOption('12');
  await form.getByLabel('Expiration year').selectOption(String(new Date().getFullYear() + 2));
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: payButton }).click();
}

/** Pays the cart from the cart page with the sandbox card that succeeds without 3-D Secure. */
export async function payCartByCard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Proceed', exact: true }).click();
  await page.waitForURL(/\/cart\/credentials(\?|$)/);
  await payWithCard(page, '4242424242424242');
  await page.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
}

/** Opens the cart and empties it when something is left in it. */
export async function emptyCart(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/cart`);
  const empty = page.getByRole('heading', { name: 'Your cart is empty.' });
  const emptyButton = page.getByRole('button', { name: 'Empty cart' });
  await empty.or(emptyButton).first().waitFor();
  if (await emptyButton.isVisible()) {
    await emptyButton.click();
    await empty.waitFor();
  }
}

/** "Proceed" on the cart page: the payment page with the price to pay. */
export async function proceedToPayment(page: Page, price: string): Promise<void> {
  await page.getByRole('link', { name: 'Proceed', exact: true }).click();
  await page.waitForURL(/\/cart\/credentials(\?|$)/);
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
  await page.locator('.checkout__price').getByText(price).waitFor();
}
