/// <reference lib="dom" />
import type { FaqItemDto } from '@aero/contracts';
import type { BrowserContext, Page } from 'playwright-core';

/** The host of the FAQ's video player (libs/web/content/ui, youtubeEmbedUrl). */
export const PLAYER_HOST = 'www.youtube-nocookie.com';

/** The button of the FAQ's click-to-load placeholder (content.faq.video-load). */
export const LOAD_VIDEO = 'Accept social-network cookies and play the video';

/**
 * A video answer: the demo content has none (no video of the product exists), so journeys that
 * check how the FAQ treats a video add this one to the FAQ the product serves.
 */
export const FAQ_VIDEO: FaqItemDto = {
  id: 9001,
  question: 'A video answer',
  answer: 'An answer with a video.',
  type: 'youtube',
  youtube_key: 'product-tour',
  visible: true,
};

/** The FAQ of `page` (GET /api/content/faq) answers the product's items and `FAQ_VIDEO`. */
export async function serveFaqWithVideo(page: Page): Promise<void> {
  await page.route('**/api/content/faq', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: FaqItemDto[] };
    await route.fulfill({ response, json: { ...body, data: [...body.data, FAQ_VIDEO] } });
  });
}

/**
 * Every request of the context to the player's host, in order; each is answered with an empty page
 * (this machine has no Internet), so a frame that loads still loads.
 */
export async function recordPlayerRequests(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(`https://${PLAYER_HOST}/**`, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' });
  });
  return requests;
}
