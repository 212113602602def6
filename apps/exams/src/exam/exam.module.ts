import { Module } from '@nestjs/common';
import { ExamAuditReport } from './exam-audit.report.js';
import { ExamRpcController } from './exam.rpc.controller.js';
import { ExamService } from './exam.service.js';
import { ExamTimersQueue } from './exam-timers.queue.js';
import { ExamTimersWorker } from './exam-timers.worker.js';

/** Exams: attempts held by the server's clock (deadline and grace-period timers), results, the audit trail. */
@Module({
  controllers: [ExamRpcController],
  providers: [ExamService, ExamTimersQueue, ExamTimersWorker, ExamAuditReport],
  exports: [ExamService],
})
export class ExamModule {}
