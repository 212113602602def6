import {
  answeredQuestionAnswerSchema,
  answerQuestionRequestSchema,
  ExamsRpc,
  instructorQuestionListAnswerSchema,
  instructorQuestionsQuerySchema,
  type AnsweredQuestionAnswer,
  type AnswerQuestionRequest,
  type InstructorQuestionListAnswer,
  type InstructorQuestionsQuery,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';
import { uuidParam } from './learning-input.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** The instructor's questions screen (spec: learning §1, §6 "Instructors answer questions"; docs/permissions.md `question.answer`). */
@ApiTags('learning')
@Controller('api/instructor/questions')
export class InstructorQuestionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Can('question.answer')
  @ApiOperation({ summary: 'Open questions oldest first (status=open, the default) or answered ones newest first, 10 to 50 a page' })
  @ApiOkResponse({ schema: apiSchema(instructorQuestionListAnswerSchema) })
  list(@ZodQuery(instructorQuestionsQuerySchema) query: InstructorQuestionsQuery): Promise<InstructorQuestionListAnswer> {
    return this.rpc.call(ExamsRpc.InstructorQuestions, { status: query.status, page: query.page, per_page: query.per_page });
  }

  @CapabilityRoute('POST', ':id/answer', 'question.answer', 'Answers a question, once; the learner is e-mailed the answer')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ schema: apiSchema(answeredQuestionAnswerSchema) })
  @ApiConflictResponse({ description: 'Already answered (question.already_answered)' })
  @ApiNotFoundResponse({ description: 'No such question' })
  @ApiUnprocessableEntityResponse({ description: 'answer required, up to 5000 characters' })
  answer(@Param('id') id: string, @ZodBody(answerQuestionRequestSchema, { pass: 'sent' }) body: AnswerQuestionRequest): Promise<AnsweredQuestionAnswer> {
    return this.rpc.call(ExamsRpc.AnswerQuestion, { id: uuidParam(id), answer: body.answer });
  }
}
