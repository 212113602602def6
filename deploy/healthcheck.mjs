// Container health check: GET /health on the app's own HTTP port, exit 0 on 200, 1 otherwise.
// The images carry no curl/wget; Node's fetch does the job. APP is set by deploy/Dockerfile.
// Ports and variables as in docs/conventions.md.
const PORTS = {
  gateway: ['GATEWAY_PORT', 3000],
  'catalog-cart': ['CATALOG_CART_HTTP_PORT', 3101],
  payments: ['PAYMENTS_HTTP_PORT', 3102],
  'sharing-organize': ['SHARING_ORGANIZE_HTTP_PORT', 3103],
  exams: ['EXAMS_HTTP_PORT', 3104],
  'accounts-invitations': ['ACCOUNTS_INVITATIONS_HTTP_PORT', 3105],
  notifications: ['NOTIFICATIONS_HTTP_PORT', 3106],
};

const app = process.env.APP ?? '';
const [variable, defaultPort] = PORTS[app] ?? [];
if (!variable) {
  console.error(`healthcheck: unknown APP "${app}"`);
  process.exit(1);
}
const port = process.env[variable] || defaultPort;
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  if (res.status !== 200) console.error(`healthcheck: ${app} /health answered ${res.status}: ${await res.text()}`);
  process.exit(res.status === 200 ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${app} /health unreachable: ${error.message}`);
  process.exit(1);
}
