import { EVENT_CATALOGUE, eventKey } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startPlatform, type Platform } from './support/platform.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Lints a document with Redocly CLI and the repository's redocly.yaml (its recommended rules). */
async function lint(name: string, document: unknown): Promise<LintProblem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'api-lint-'));
  try {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json', '--max-problems=100000', `--config=${join(ROOT, 'redocly.yaml')}`], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function errors(problems: LintProblem[]): string[] {
  return problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
}

describe('gateway: the API documents', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
  });

  const opsUrl = () => `http://127.0.0.1:${platform.gateway.opsPort}`;

  it('serves the event catalogue (AsyncAPI 3.0) on the operations port next to the OpenAPI document, not on the public port', async () => {
    const res = await fetch(`${opsUrl()}/api/events-json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { asyncapi: string; channels: Record<string, { address: string }>; servers: Record<string, { host: string }> };
    expect(document.asyncapi).toBe('3.0.0');
    for (const event of EVENT_CATALOGUE) expect(document.channels[eventKey(event)].address).toBe(`${platform.env.natsPrefix}${event.subject}`);
    expect(document.servers['production'].host).toBe('127.0.0.1:4222');
    expect((await fetch(`${opsUrl()}/api/events-yaml`)).headers.get('content-type')).toMatch(/^text\/yaml/);
    expect((await fetch(`${opsUrl()}/api/docs-json`)).status).toBe(200);
    expect((await fetch(`${platform.url}/api/events-json`)).status).not.toBe(200);
  });

  it.each([
    ['the public OpenAPI document', () => `${platform.url}/api/docs-json`],
    ["the operators' OpenAPI document", () => `${opsUrl()}/api/docs-json`],
    ['the AsyncAPI event catalogue', () => `${opsUrl()}/api/events-json`],
  ])('%s passes Redocly lint with no error', async (name, url) => {
    const document = (await (await fetch(url())).json()) as unknown;
    const problems = await lint(name.replace(/\W+/g, '-'), document);
    if (process.env.API_LINT_OUT) writeFileSync(join(process.env.API_LINT_OUT, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify({ document, problems }, null, 1));
    expect(errors(problems)).toEqual([]);
  }, 120_000);
});
