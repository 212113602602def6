import { readLocalErrorReports, type ErrorReport } from '@aero/backend-observability';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/**
 * The error reports of every service and browser, newest first (operations port only):
 * `GET /errors?limit=100` (at most 1000), optionally `&userId=...` or `&correlationId=...`.
 * The local sink is a capped Redis stream; ERROR_REPORTS_DSN sends them to Sentry as well.
 */
@ApiExcludeController()
@Controller('errors')
export class ErrorReportsController {
  @Get()
  async list(@Query('limit') limit?: string, @Query('userId') userId?: string, @Query('correlationId') correlationId?: string): Promise<{ data: ErrorReport[] }> {
    const count = Math.min(1000, Math.max(1, Number.parseInt(limit ?? '100', 10) || 100));
    const reports = await readLocalErrorReports(userId || correlationId ? 1000 : count);
    const data = reports.filter((report) => (!userId || report.userId === userId) && (!correlationId || report.correlationId === correlationId)).slice(0, count);
    return { data };
  }
}
