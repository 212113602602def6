import { createHash } from 'node:crypto';

/** An answer that is the same for every caller, with the strong ETag of its text. */
export interface SharedAnswer {
  body: string;
  etag: string;
}

/**
 * Keeps a public answer (the same for everyone: no session, no parameters) for `maxAgeMs`, so
 * that the shop's hottest reads cost the gateway no RPC and no hashing while it is fresh.
 * Concurrent callers share one load, and a failed load is not kept. The age bound is the
 * staleness the owner already accepts for the same data (catalog-cart keeps its catalogue read
 * model 2 s), so the gateway adds none of its own beyond it.
 */
export class SharedAnswerCache {
  private entry: { at: number; answer: Promise<SharedAnswer> } | null = null;

  constructor(
    private readonly maxAgeMs: number,
    private readonly load: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<SharedAnswer> {
    if (this.entry && this.now() - this.entry.at < this.maxAgeMs) return this.entry.answer;
    const answer = this.load().then((body) => ({ body, etag: etagOf(body) }));
    const entry = { at: this.now(), answer };
    this.entry = entry;
    answer.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return answer;
  }
}

/** A strong ETag: the first 16 bytes of the text's SHA-1, which is plenty to tell versions apart. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or weak forms of it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
