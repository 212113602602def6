import { SERVICE_NAMES } from '@aero/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { kubectlAvailable, renderOverlay, renderWithoutKubectl, type Manifest } from './support/kustomize.js';

const PROD_OVERLAY = resolve(import.meta.dirname, '../../../deploy/k8s/overlays/prod');

interface ContainerPort {
  name?: string;
  containerPort: number;
}

interface Container {
  name: string;
  ports?: ContainerPort[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string } }[];
  startupProbe?: { httpGet?: { port: string | number } };
  readinessProbe?: { httpGet?: { port: string | number } };
  livenessProbe?: { httpGet?: { port: string | number } };
}

interface ServicePort {
  name?: string;
  port: number;
  targetPort?: string | number;
}

/** What the assertions need from the rendered objects, renderer-independent (no ConfigMap hash suffix). */
interface DeploymentFacts {
  ports: Record<string, number>;
  env: Record<string, string>;
  scrapePort?: string;
  probePorts: (string | number | undefined)[];
}

interface Facts {
  ingressBackends: { path: string; service: string; port: string | number }[];
  /** The Ingress hosts, and whether each is served over TLS. */
  ingressHosts: { host: string; tls: boolean }[];
  services: Record<string, { type: string; ports: ServicePort[] }>;
  deployments: Record<string, DeploymentFacts>;
}

function facts(manifests: Manifest[]): Facts {
  const configMaps = manifests.filter((m) => m.kind === 'ConfigMap');
  // kubectl names a generated ConfigMap with a hash suffix and the references with it: the names match either way.
  const configData = (name: string) => (configMaps.find((m) => m.metadata.name === name)?.data ?? {}) as Record<string, string>;
  const ingressBackends = manifests
    .filter((m) => m.kind === 'Ingress')
    .flatMap((m) =>
      (m.spec as { rules: { http: { paths: { path: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[] }).rules.flatMap(
        (rule) => rule.http.paths.map((path) => ({ path: path.path, service: path.backend.service.name, port: path.backend.service.port.name ?? path.backend.service.port.number ?? '' })),
      ),
    );
  const ingressHosts = manifests
    .filter((m) => m.kind === 'Ingress')
    .flatMap((m) => {
      const spec = m.spec as { rules: { host?: string }[]; tls?: { hosts?: string[] }[] };
      const tlsHosts = new Set((spec.tls ?? []).flatMap((entry) => entry.hosts ?? []));
      return spec.rules.map((rule) => ({ host: rule.host ?? '', tls: tlsHosts.has(rule.host ?? '') }));
    });
  const services = Object.fromEntries(
    manifests
      .filter((m) => m.kind === 'Service')
      .map((m) => {
        const spec = m.spec as { type?: string; ports: ServicePort[] };
        return [m.metadata.name, { type: spec.type ?? 'ClusterIP', ports: spec.ports }];
      }),
  );
  const deployments = Object.fromEntries(
    manifests
      .filter((m) => m.kind === 'Deployment')
      .map((m) => {
        const template = (m.spec as { template: { metadata?: { annotations?: Record<string, string> }; spec: { containers: Container[] } } }).template;
        const app = template.spec.containers.find((container) => container.name === 'app');
        if (!app) throw new Error(`Deployment ${m.metadata.name} has no container named app`);
        const env: Record<string, string> = {};
        for (const source of app.envFrom ?? []) if (source.configMapRef) Object.assign(env, configData(source.configMapRef.name));
        for (const variable of app.env ?? []) if (variable.value !== undefined) env[variable.name] = variable.value;
        return [
          m.metadata.name,
          {
            ports: Object.fromEntries((app.ports ?? []).map((port) => [port.name ?? String(port.containerPort), port.containerPort])),
            env,
            scrapePort: template.metadata?.annotations?.['prometheus.io/port'],
            probePorts: [app.startupProbe, app.readinessProbe, app.livenessProbe].map((probe) => probe?.httpGet?.port),
          },
        ];
      }),
  );
  return { ingressBackends, ingressHosts, services, deployments };
}

/** A Service port's container port number (a named targetPort resolved on the Deployment). */
function containerPortOf(servicePort: ServicePort, deployment: DeploymentFacts): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  return typeof target === 'number' ? target : deployment.ports[target];
}

/** e.g. `PAYMENTS_HTTP_PORT` (docs/conventions.md). */
const portVariable = (service: string) => `${service.toUpperCase().replaceAll('-', '_')}_HTTP_PORT`;

describe('deploy/k8s production overlay: what the ingress reaches and where the apps listen', () => {
  let rendered: Facts;

  beforeAll(() => {
    const { manifests, renderer } = renderOverlay(PROD_OVERLAY);
    process.stdout.write(`deploy manifests rendered with ${renderer}\n`);
    rendered = facts(manifests);
  });

  it('the ingress routes only to the gateway\'s public port, and no path to /metrics or the API documents of operators', () => {
    expect(rendered.ingressBackends.length).toBeGreaterThan(0);
    for (const backend of rendered.ingressBackends) {
      expect({ service: backend.service, port: backend.port }).toEqual({ service: 'gateway', port: 'http' });
      expect(backend.path).not.toMatch(/^\/(metrics|api\/docs)/);
    }
    const gateway = rendered.deployments.gateway;
    const routedPorts = rendered.services.gateway.ports.filter((port) => port.name === 'http').map((port) => containerPortOf(port, gateway));
    expect(routedPorts).toEqual([Number(gateway.env.GATEWAY_PORT)]);
  });

  it('the gateway\'s operations port (metrics, operators\' documents) is its own, scraped by Prometheus and in no Service', () => {
    const gateway = rendered.deployments.gateway;
    const opsPort = Number(gateway.env.GATEWAY_OPS_PORT);
    expect(opsPort).toBeGreaterThan(0);
    expect(opsPort).not.toBe(Number(gateway.env.GATEWAY_PORT));
    expect(gateway.ports.ops).toBe(opsPort);
    expect(gateway.scrapePort).toBe(String(opsPort));
    // No Service forwards to it, so neither the ingress nor anything else in the cluster routes it by name.
    for (const [name, service] of Object.entries(rendered.services)) {
      for (const port of service.ports) expect({ service: name, targetPort: port.targetPort }).not.toEqual({ service: name, targetPort: 'ops' });
    }
    expect(rendered.services.gateway.ports.map((port) => containerPortOf(port, gateway))).not.toContain(opsPort);
  });

  it('every app builds its absolute addresses (e-mail links, payment return addresses) on the Ingress host: one PUBLIC_BASE_URL', () => {
    expect(rendered.ingressHosts).toHaveLength(1);
    const [{ host, tls }] = rendered.ingressHosts;
    const expected = `${tls ? 'https' : 'http'}://${host}`;
    for (const [name, deployment] of Object.entries(rendered.deployments)) {
      expect({ name, PUBLIC_BASE_URL: deployment.env.PUBLIC_BASE_URL }).toEqual({ name, PUBLIC_BASE_URL: expected });
    }
  });

  it('no Service is reachable from outside the cluster except through the ingress', () => {
    for (const [name, service] of Object.entries(rendered.services)) expect({ name, type: service.type }).toEqual({ name, type: 'ClusterIP' });
  });

  it('every service listens on its own port on the pod address (probes and scraping reach it), the gateway on its public one', () => {
    expect(Object.keys(rendered.deployments).sort()).toEqual(['gateway', ...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) {
      const service = rendered.deployments[name];
      const port = Number(service.env[portVariable(name)]);
      expect({ name, host: service.env.SERVICE_HTTP_HOST, http: service.ports.http }).toEqual({ name, host: '0.0.0.0', http: port });
      expect({ name, scrape: service.scrapePort, probes: service.probePorts }).toEqual({ name, scrape: String(port), probes: ['http', 'http', 'http'] });
    }
    const gateway = rendered.deployments.gateway;
    expect({ host: gateway.env.HOST, opsHost: gateway.env.SERVICE_HTTP_HOST, http: gateway.ports.http }).toEqual({
      host: '0.0.0.0',
      opsHost: '0.0.0.0',
      http: Number(gateway.env.GATEWAY_PORT),
    });
    expect(gateway.probePorts).toEqual(['http', 'http', 'http']);
  });

  // The fallback renderer stands in for kubectl on machines without it: where both run, they agree.
  (kubectlAvailable() ? it : it.skip)('reading the YAML directly gives the same facts as kubectl kustomize', () => {
    expect(facts(renderWithoutKubectl(PROD_OVERLAY))).toEqual(rendered);
  });
});
