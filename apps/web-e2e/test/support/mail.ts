import type { RunningProduct } from './product.js';

/** One message of maildev's REST API (`GET /api/email`), the SMTP catcher of the product. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  text: string;
  html: string;
  attachments?: { filename?: string; generatedFileName: string; contentType: string; size?: number }[];
}

/** Every e-mail the product sent so far. */
export async function caughtMails(product: RunningProduct): Promise<CaughtMail[]> {
  const answer = await fetch(`${product.mailUrl}/api/email`);
  if (!answer.ok) throw new Error(`maildev answered ${answer.status}`);
  return (await answer.json()) as CaughtMail[];
}

/** Resolves once `check` holds, polling it (a condition, not a fixed pause). */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
