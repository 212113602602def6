import { REPORT_LIMITS, type ReportPage } from '@aero/contracts';
import { currentContext, runWithContext, type RequestContext } from '@aero/backend-observability';
import { describe, expect, it } from '@jest/globals';
import type { Readable } from 'node:stream';
import { csvExport, csvFilename } from './report-export.js';

interface Row {
  n: number;
  text: string;
}

/** A report of `total` rows, answered page by page; records who asked for each page. */
function fakeReport(total: number) {
  const asked: { page: number; perPage: number; correlationId?: string }[] = [];
  const pageOf = (page: number, perPage: number): Promise<ReportPage<Row>> => {
    asked.push({ page, perPage, correlationId: currentContext()?.correlationId });
    const rows = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => {
      const n = (page - 1) * perPage + i + 1;
      return { n, text: n === 2 ? '=1+1' : `row ${n}` };
    });
    return Promise.resolve({
      data: rows,
      meta: { pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) } },
    });
  };
  return { asked, pageOf };
}

async function read(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('csvExport', () => {
  it('reads every page of the report, each as the caller of the route, and writes every row once in order', async () => {
    const size = REPORT_LIMITS.exportPageSize;
    const { asked, pageOf } = fakeReport(2 * size + 3);
    const context: RequestContext = { correlationId: 'c-export' };
    const stream = await runWithContext(context, () => csvExport<Row>(['n', 'text'], pageOf));
    // The first page is read before the answer starts (a refusal is still answered as such).
    expect(asked).toEqual([{ page: 1, perPage: size, correlationId: 'c-export' }]);
    // The rest is read when the client reads, outside the route's context: still as its caller.
    const text = await read(stream);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page, perPage: size, correlationId: 'c-export' })));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFn,text');
    expect(lines.slice(1, -1)).toHaveLength(2 * size + 3);
    expect(lines[1]).toBe('1,row 1');
    expect(lines[2]).toBe("2,'=1+1");
    expect(lines.at(-2)).toBe(`${2 * size + 3},row ${2 * size + 3}`);
    expect(lines.at(-1)).toBe('');
  });

  it('writes the header alone for an empty report', async () => {
    const { asked, pageOf } = fakeReport(0);
    expect(await read(await csvExport<Row>(['n', 'text'], pageOf))).toBe('\uFEFFn,text\r\n');
    expect(asked.map((a) => a.page)).toEqual([1]);
  });

  it('answers a refusal of the first page as such, before any byte is written', async () => {
    await expect(csvExport<Row>(['n'], () => Promise.reject(new Error('403')))).rejects.toThrow('403');
  });

  it('names the file after the report and the day', () => {
    expect(csvFilename('wallet-movements', new Date('2026-03-02T23:30:00.000Z'))).toBe('wallet-movements-2026-03-02.csv');
  });
});
