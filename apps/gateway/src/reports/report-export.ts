import { REPORT_LIMITS, type ReportPage } from '@aero/contracts';
import { currentContext, runWithContext } from '@aero/backend-observability';
import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, csvRows } from './csv.js';

/**
 * Every row of a report as a CSV file, read page by page (`REPORT_LIMITS.exportPageSize` rows a
 * call, each answer well under the NATS message limit) and streamed as it comes. The first page is
 * read before the answer starts, so a refusal (403, 422) or an unavailable service (503) is still
 * answered as such; a failure later cuts the download short. Later pages are asked as the same
 * caller (the request context of the route), whenever the client reads them.
 */
export async function csvExport<Row extends object>(
  columns: readonly (keyof Row & string)[],
  pageOf: (page: number, perPage: number) => Promise<ReportPage<Row>>,
): Promise<Readable> {
  const perPage = REPORT_LIMITS.exportPageSize;
  const context = currentContext();
  const ask = (page: number) => (context ? runWithContext(context, () => pageOf(page, perPage)) : pageOf(page, perPage));
  const first = await ask(1);
  const pages = Math.min(first.meta.pagination.total_pages, REPORT_LIMITS.maxPage);
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_BOM}${csvLine(columns)}`;
    if (first.data.length) yield csvRows(columns, first.data);
    for (let page = 2; page <= pages; page++) {
      const next = await ask(page);
      if (next.data.length === 0) break;
      yield csvRows(columns, next.data);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The attachment's name: the report and the day it was taken (`wallet-movements-2026-03-02.csv`). */
export function csvFilename(report: string, now: Date = new Date()): string {
  return `${report}-${now.toISOString().slice(0, 10)}.csv`;
}
