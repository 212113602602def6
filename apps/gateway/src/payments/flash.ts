import type { FlashMessage } from '@aero/contracts';
import type { RequestSession } from '../session/request-session.js';

export type { FlashMessage };

declare module '../session/session-data.js' {
  interface SessionData {
    /**
     * Set when the gateway redirects the browser after a provider sent it back (card callback,
     * PayPal return) and the page should say why; `GET /api/flash` hands it out once.
     */
    flash?: FlashMessage;
  }
}

export async function setFlash(session: RequestSession, flash: FlashMessage): Promise<void> {
  await session.set({ flash });
}

/** The pending flash, removed from the session as it is read (null when there is none). */
export async function takeFlash(session: RequestSession): Promise<FlashMessage | null> {
  const flash = await session.get('flash');
  if (!flash) return null;
  await session.set({ flash: undefined });
  return flash;
}
