import type { FastifyReply } from 'fastify';

/** A document a service answers (a PDF): RPC payloads are JSON, so its bytes come base64-encoded. */
export interface ServiceDocument {
  filename: string;
  content_type: string;
  base64: string;
}

/**
 * The document as the answer's body, under its own file name (made safe for the header) and
 * type, never sniffed. Personal documents by default: the browser may keep them, shared caches
 * may not (`no-store`: not even the browser).
 */
export function documentAnswer(
  reply: FastifyReply,
  document: ServiceDocument,
  options: { disposition: 'attachment' | 'inline'; cacheControl?: 'private, no-cache' | 'private, no-store' },
): Buffer {
  reply
    .header('content-type', document.content_type)
    .header('content-disposition', `${options.disposition}; filename="${document.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', options.cacheControl ?? 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  return Buffer.from(document.base64, 'base64');
}
