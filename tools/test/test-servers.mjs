// Where `npm test` finds PostgreSQL, Redis and NATS, one server at a time:
//   - it answers at its URL: the running server is used (CI and this machine: the Debian ones);
//   - it does not answer, and a Docker daemon does: a throwaway container of the image
//     docker-compose.yml runs (testcontainers), on a free port, gone when the tests end;
//   - neither: tools/dev/local-servers.mjs starts it from the Debian package, as `npm start` does.
// A server on another machine is never replaced: it is the caller's to start.
import { answers } from '../dev/local-servers.mjs';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const DEFAULT_PORTS = { postgres: 5432, redis: 6379, nats: 4222 };

/** The images and settings of docker-compose.yml, with Postgres trusting the loopback as the default URL expects. */
export const CONTAINERS = {
  postgres: {
    image: 'postgres:15',
    port: 5432,
    env: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
    command: [],
    // The image's init runs a first server on the socket only, then the real one: the second line counts.
    readyLog: { pattern: /database system is ready to accept connections/, times: 2 },
    url: (host, port) => `postgres://postgres@${host}:${port}/postgres`,
  },
  redis: {
    image: 'redis:7',
    port: 6379,
    env: {},
    command: ['redis-server', '--maxmemory-policy', 'noeviction', '--appendonly', 'yes'],
    readyLog: { pattern: /Ready to accept connections/, times: 1 },
    url: (host, port) => `redis://${host}:${port}`,
  },
  nats: {
    image: 'nats:2.10-alpine',
    port: 4222,
    env: {},
    command: ['-js'],
    readyLog: { pattern: /Server is ready/, times: 1 },
    url: (host, port) => `nats://${host}:${port}`,
  },
};

/** The environment variable each server's URL goes to for the tests (libs/backend/testing reads them). */
const URL_VARIABLES = { postgres: 'TEST_DATABASE_URL', redis: 'REDIS_URL', nats: 'NATS_URL' };

function addressOf(key, url) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || DEFAULT_PORTS[key]) };
}

/**
 * The rule, by server: 'running' when it answers (or is not on this machine), 'container' when it
 * does not and a Docker daemon answers, 'local' (the Debian packages) otherwise.
 */
export function chooseSources({ answering, local, dockerAvailable }) {
  return Object.fromEntries(
    Object.keys(answering).map((key) => [key, answering[key] || !local[key] ? 'running' : dockerAvailable ? 'container' : 'local']),
  );
}

/** Whether testcontainers finds a container runtime (DOCKER_HOST, the Docker socket, ...). */
export async function dockerDaemonAnswers() {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Starts one server's container; resolves to its URL and a stop(). */
export async function startContainer(key) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const spec = CONTAINERS[key];
  let container = new GenericContainer(spec.image)
    .withExposedPorts(spec.port)
    .withEnvironment(spec.env)
    .withWaitStrategy(Wait.forLogMessage(spec.readyLog.pattern, spec.readyLog.times))
    .withStartupTimeout(120_000);
  if (spec.command.length) container = container.withCommand(spec.command);
  const started = await container.start();
  return { url: spec.url(started.getHost(), started.getMappedPort(spec.port)), stop: () => started.stop() };
}

/**
 * Makes the three servers answer for the tests as the rule above says. Resolves to `env` (the URL
 * variables of the servers put in containers, for the test processes), `stop()` (the containers)
 * and what was done, one line per server. The steps are injectable for the unit test.
 */
export async function prepareTestServers(
  urls,
  { probe = answers, dockerAvailable = dockerDaemonAnswers, start = startContainer, ensureLocal, say = (line) => console.log(line) } = {},
) {
  const answering = {};
  const local = {};
  for (const [key, url] of Object.entries(urls)) {
    const { host, port } = addressOf(key, url);
    local[key] = LOCAL_HOSTS.has(host);
    answering[key] = await probe(port, host);
  }
  const needsDocker = Object.keys(urls).some((key) => !answering[key] && local[key]);
  const sources = chooseSources({ answering, local, dockerAvailable: needsDocker && (await dockerAvailable()) });

  const env = {};
  const stops = [];
  const done = [];
  const stop = () => Promise.all(stops.map((s) => s().catch(() => undefined)));
  try {
    for (const key of Object.keys(urls).filter((k) => sources[k] === 'container')) {
      say(`${key} does not answer at ${urls[key]} and a Docker daemon does: starting ${CONTAINERS[key].image} with testcontainers ...`);
      const container = await start(key);
      stops.push(container.stop);
      env[URL_VARIABLES[key]] = container.url;
      done.push(`${key}: container ${CONTAINERS[key].image} at ${container.url}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const toStartLocally = Object.keys(urls).filter((k) => sources[k] === 'local');
  if (toStartLocally.length && ensureLocal) done.push(...(await ensureLocal(Object.fromEntries(toStartLocally.map((k) => [k, urls[k]])))));
  return { sources, env, stop, done };
}
