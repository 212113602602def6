import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The third parties the web app may load, each only when the deployment uses it. */
export interface ContentSecurityOptions {
  /** CAPTCHA_PROVIDER=recaptcha: the web app loads Google reCAPTCHA (script and frame). */
  recaptcha: boolean;
  /** PAYMENT_PROVIDER=live: the payment page loads the PayPal JS SDK (script, frames, API calls). */
  payPal: boolean;
  /** Served over HTTPS (COOKIE_SECURE): plain http:// subresources are upgraded. */
  https: boolean;
}

type Directives = Record<string, string[]>;

/** FAQ answers may embed a YouTube video (privacy-enhanced host), whatever the configuration. */
const YOUTUBE = 'https://www.youtube-nocookie.com';
/** The external players of course videos and demo videos (docs/syllabus-import.md), in sandboxed frames. */
const COURSE_VIDEO_PLAYERS = ['https://player.vimeo.com', 'https://www.youtube.com'];
/** Google's list for an allowlist CSP with reCAPTCHA v2. */
const RECAPTCHA = { script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'], frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] };
const PAYPAL = { hosts: ['https://*.paypal.com'], images: ['https://*.paypal.com', 'https://*.paypalobjects.com'] };

/** What every page of the gateway shares: own origin only, no plugins, never framed, forms post home. */
function lockedDownDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/**
 * The web app's policy. No inline script and no eval anywhere: Vite emits external modules only,
 * and the app sets styles through the DOM (allowed), never through inline `<style>` or `style=`.
 * The PayPal SDK injects its own `<style>` elements, so a live PayPal deployment allows inline
 * styles (styles only: scripts stay external).
 */
export function appDirectives(options: ContentSecurityOptions): Directives {
  return {
    ...lockedDownDirectives(),
    'script-src': ["'self'", ...(options.recaptcha ? RECAPTCHA.script : []), ...(options.payPal ? PAYPAL.hosts : [])],
    'style-src': ["'self'", ...(options.payPal ? ["'unsafe-inline'"] : [])],
    'img-src': ["'self'", 'data:', ...(options.payPal ? PAYPAL.images : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.payPal ? PAYPAL.hosts : [])],
    'frame-src': [YOUTUBE, ...COURSE_VIDEO_PLAYERS, ...(options.recaptcha ? RECAPTCHA.frame : []), ...(options.payPal ? PAYPAL.hosts : [])],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Swagger UI (/api/docs) writes inline `<style>` and `style=` attributes in its page: inline
 * styles are allowed there, scripts are as strict as everywhere else.
 */
export function docsDirectives(options: ContentSecurityOptions): Directives {
  return {
    ...lockedDownDirectives(),
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Powerful browser features the shop never uses, switched off for every frame it serves. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), display-capture=()';

const DOCS_PREFIX = '/api/docs';

/**
 * The browser protections on every response of the gateway (pages, API, static files, errors):
 * helmet's headers (X-Content-Type-Options, X-Frame-Options, Referrer-Policy, HSTS,
 * Cross-Origin-*-Policy...), then the Content-Security-Policy and Permissions-Policy. Both hooks
 * run first in onRequest, so even a request another hook refuses (CSRF 419) gets them.
 *
 * The CSP is not left to helmet: @fastify/helmet builds its middleware again on every request
 * (about 11 µs of CPU for the CSP alone), while these two policies are fixed at start-up and
 * cost one header write.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, options: ContentSecurityOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    // Matches frame-ancestors 'none': no page of the shop is ever framed.
    xFrameOptions: { action: 'deny' },
    // Other sites get the origin only: reset and verification links carry tokens in their paths.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The PayPal SDK opens its approval window as a popup and talks to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const appPolicy = serializePolicy(appDirectives(options));
  const docsPolicy = serializePolicy(docsDirectives(options));
  app.getHttpAdapter().getInstance().addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    void reply.header('content-security-policy', request.url.startsWith(DOCS_PREFIX) ? docsPolicy : appPolicy);
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
