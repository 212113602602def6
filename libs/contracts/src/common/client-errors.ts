import { z } from 'zod';

/** What the browser reports (POST /api/client-errors), and where it caught it. */
export const CLIENT_ERROR_KINDS = ['error_boundary', 'unhandled_rejection', 'window_error', 'api_call'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The largest report body the gateway accepts (bytes). */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

/**
 * A browser error report. Who sent it (the signed-in user, or 'Not logged in') is the gateway's
 * to say, from the session; the release is the one of the gateway serving the web app unless the
 * page knows its own.
 */
export const clientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  name: z.string().max(200).optional(),
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  /** The page's path (and query) when it happened. */
  route: z.string().min(1).max(500),
  release: z.string().max(100).optional(),
  /** A failed API call: its method and path, status (0 when no answer came) and the correlation id of its answer. */
  api: z.string().max(500).optional(),
  status: z.number().int().min(0).max(599).optional(),
  correlationId: z.string().max(100).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
