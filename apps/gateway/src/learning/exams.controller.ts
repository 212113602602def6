import {
  EXAM_AUDIT_COLUMNS,
  examAnswerBodySchema,
  examAnswerSchema,
  examAuditAnswerSchema,
  examCompleteBodySchema,
  examResultsAnswerSchema,
  ExamsRpc,
  type ExamAnswer,
  type ExamAuditAnswer,
  type ExamResultsAnswer,
} from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { applyDecorators, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { Can } from '../accounts/access/access.decorators.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';
import { csvDocument } from '../reports/csv.js';
import { csvFilename } from '../reports/report-export.js';
import { ZodBody, type SentFields } from '../validation/zod-params.js';
import { courseIdParam } from './learning-input.js';
import { COURSE_ID, RawJsonAnswer } from './learning-routes.js';

const EXAM_ID = { name: 'exam_id', description: 'The exam of the course (the course page’s exam_id)', example: 1 } as const;

/** `{exam_id}`: digits only, else no such exam. */
function examIdParam(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundException({ message: 'Not Found' });
  return Number(value);
}

/** The exam a route names, its ids checked: exams' key for every call of the exam. */
function examOf(courseId: string, examId: string): { courseId: number; examId: number } {
  return { courseId: courseIdParam(courseId), examId: examIdParam(examId) };
}

/** An exam route of a learner (`course.learn`): under the course and exam ids, answering exams' JSON as written. */
const ExamRoute = (summary: string, answer: z.ZodType): MethodDecorator =>
  applyDecorators(Can('course.learn'), RawJsonAnswer(summary, answer), ApiParam(EXAM_ID), ApiParam(COURSE_ID));

/**
 * The exam of a course (spec: learning §2 exam screens, §3 Exam, §4 Exam, §7 exam calls, §8
 * Exam): every call answers the exam as the learner stands in it now (`{ data: exam }`), with the
 * server's time and the attempt's deadline. Refusals carry the spec's words: 'Cannot start the
 * exam.', 'Cannot accept the answer.', 'Not allowed to begin the exam.', 'No more attempts
 * left.', 'Answer letter invalid: choose A, B or C.', 'Not enough exam questions.'. The answer
 * and complete bodies are checked by exams (the gateway refuses unknown fields only), so the
 * refusal has the exam's code and words.
 */
@ApiTags('learning')
@Controller('api/course/:course_id/exam/:exam_id')
export class ExamsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ExamRoute('The exam as the learner stands in it: state, attempts, the attempt in progress with its questions and saved answers, end_time and current_time', examAnswerSchema)
  @ApiNotFoundResponse({ description: 'No such exam of the course (exam.not_found)' })
  get(@Param('course_id') courseId: string, @Param('exam_id') examId: string): Promise<RawJson<ExamAnswer>> {
    return this.rpc.callRaw(ExamsRpc.Exam, examOf(courseId, examId));
  }

  @Post('begin')
  @HttpCode(200)
  @ExamRoute('Begins an attempt: draws its questions and sets its deadline (an attempt in progress is answered as it is)', examAnswerSchema)
  @ApiForbiddenResponse({ description: "'Not allowed to begin the exam.' (exam.not_allowed_to_begin)" })
  @ApiConflictResponse({ description: "'Cannot start the exam.' (grace period, or passed), 'No more attempts left.', 'Not enough exam questions.'" })
  begin(@Param('course_id') courseId: string, @Param('exam_id') examId: string): Promise<RawJson<ExamAnswer>> {
    return this.rpc.callRaw(ExamsRpc.BeginExam, examOf(courseId, examId));
  }

  @Post('answer')
  @HttpCode(200)
  @ExamRoute('Saves one answer of the attempt in progress, before its deadline', examAnswerSchema)
  @ApiConflictResponse({ description: "'Cannot accept the answer.': no attempt in progress, or its deadline passed (exam.cannot_accept_answer)" })
  @ApiUnprocessableEntityResponse({ description: "'Answer letter invalid: choose A, B or C.' (exam.answer_letter_invalid); a question not of the attempt" })
  answer(
    @Param('course_id') courseId: string,
    @Param('exam_id') examId: string,
    @ZodBody(examAnswerBodySchema, { pass: 'sent', check: 'fields' }) body: SentFields<typeof examAnswerBodySchema>,
  ): Promise<RawJson<ExamAnswer>> {
    return this.rpc.callRaw(ExamsRpc.AnswerExam, { ...examOf(courseId, examId), question_id: body.question_id, choice: body.choice });
  }

  @Post('complete')
  @HttpCode(200)
  @ExamRoute('Completes the attempt in progress with the page’s answers (choices: [{ id, choice }]) and scores it', examAnswerSchema)
  @ApiConflictResponse({ description: "'Cannot accept the answer.': no attempt in progress (exam.cannot_accept_answer)" })
  @ApiUnprocessableEntityResponse({ description: "'Answer letter invalid: choose A, B or C.' (exam.answer_letter_invalid); choices not a list of { id, choice }" })
  complete(
    @Param('course_id') courseId: string,
    @Param('exam_id') examId: string,
    @ZodBody(examCompleteBodySchema, { pass: 'sent', check: 'fields' }) body: SentFields<typeof examCompleteBodySchema>,
  ): Promise<RawJson<ExamAnswer>> {
    return this.rpc.callRaw(ExamsRpc.CompleteExam, { ...examOf(courseId, examId), choices: body.choices });
  }

  @Get('results')
  @ExamRoute('The last completed attempt: correct and incorrect answers, percent, every question with the learner’s answer and the right one', examResultsAnswerSchema)
  @ApiForbiddenResponse({ description: "'The results of this exam are not shown after the exam.' (exam.results_not_visible)" })
  @ApiNotFoundResponse({ description: 'No such exam, or no attempt completed yet (exam.no_completed_attempt)' })
  results(@Param('course_id') courseId: string, @Param('exam_id') examId: string): Promise<RawJson<ExamResultsAnswer>> {
    return this.rpc.callRaw(ExamsRpc.ExamResults, examOf(courseId, examId));
  }
}

/**
 * One learner's exam audit trail for a company's training records (issue 15 "Audit"): every
 * begin, answer, completion, automatic completion, retry made available and certificate issued,
 * with its time and actor. `reports.view`: administrators any learner's, a company's admins and
 * report viewers their company's learners' (docs/permissions.md).
 */
@ApiTags('reports')
@Controller('api/reports')
export class ExamAuditController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('exam-audit')
  @Can('reports.view')
  @ApiAnswer("A learner's exam audit trail, oldest first", examAuditAnswerSchema)
  @ApiQuery({ name: 'user_id', required: true })
  @ApiForbiddenResponse({ description: 'Not a learner of the caller’s company' })
  @ApiUnprocessableEntityResponse({ description: "'The user_id is required.'" })
  trail(@Query('user_id') userId: unknown): Promise<ExamAuditAnswer> {
    return this.rpc.call(ExamsRpc.ExamAudit, { user_id: userId });
  }

  @Get('exam-audit.csv')
  @Can('reports.view')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "A learner's exam audit trail as a CSV file" })
  @ApiQuery({ name: 'user_id', required: true })
  @ApiForbiddenResponse({ description: 'Not a learner of the caller’s company' })
  async csv(@Query('user_id') userId: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { data } = await this.rpc.call(ExamsRpc.ExamAudit, { user_id: userId });
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFilename('exam-audit')}"`);
    return csvDocument(EXAM_AUDIT_COLUMNS, data);
  }
}
