import { ExamsRpc, type AnswerExamRequest, type CompleteExamRequest, type ExamAuditRequest, type ExamRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ExamAuditReport } from './exam-audit.report.js';
import { ExamService } from './exam.service.js';

/** The exam calls (learning §7) and the audit export; the service reads each payload with its contracts schema. */
@Controller()
export class ExamRpcController {
  constructor(
    private readonly exams: ExamService,
    private readonly audit: ExamAuditReport,
  ) {}

  @MessagePattern(ExamsRpc.Exam.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: ExamRequest) {
    return this.exams.get(ctx, request);
  }

  @MessagePattern(ExamsRpc.BeginExam.pattern)
  begin(@Ctx() ctx: RequestContext, @Payload() request: ExamRequest) {
    return this.exams.begin(ctx, request);
  }

  @MessagePattern(ExamsRpc.AnswerExam.pattern)
  answer(@Ctx() ctx: RequestContext, @Payload() request: AnswerExamRequest) {
    return this.exams.answer(ctx, request);
  }

  @MessagePattern(ExamsRpc.CompleteExam.pattern)
  complete(@Ctx() ctx: RequestContext, @Payload() request: CompleteExamRequest) {
    return this.exams.complete(ctx, request);
  }

  @MessagePattern(ExamsRpc.ExamResults.pattern)
  results(@Ctx() ctx: RequestContext, @Payload() request: ExamRequest) {
    return this.exams.results(ctx, request);
  }

  @MessagePattern(ExamsRpc.ExamAudit.pattern)
  auditTrail(@Ctx() ctx: RequestContext, @Payload() request: ExamAuditRequest) {
    return this.audit.export(ctx, request);
  }
}
