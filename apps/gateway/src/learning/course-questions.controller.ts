import {
  askQuestionRequestSchema,
  ExamsRpc,
  questionCreatedAnswerSchema,
  questionListAnswerSchema,
  questionListQuerySchema,
  type AskQuestionRequest,
  type QuestionCreatedAnswer,
  type QuestionListAnswer,
  type QuestionListQuery,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';
import { courseIdParam } from './learning-input.js';

/**
 * The questions and answers tab of a course (spec: learning §2, §3 Question and answer, §5, §7,
 * §8 'Success! Your question was sent to instructor.', §9 page size 5): the caller's own
 * questions with the answers, and the topic and question form.
 */
@ApiTags('learning')
@Controller('api/course/:course_id/questions')
export class CourseQuestionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Can('question.ask')
  @ApiOperation({ summary: "The caller's questions about the course, newest first: limit (5; load more asks for 5 more) and meta.pagination.total" })
  @ApiParam({ name: 'course_id', example: 1007 })
  @ApiOkResponse({ schema: apiSchema(questionListAnswerSchema) })
  list(@Param('course_id') courseId: string, @ZodQuery(questionListQuerySchema) query: QuestionListQuery): Promise<QuestionListAnswer> {
    return this.rpc.call(ExamsRpc.ListQuestions, { courseId: courseIdParam(courseId), limit: query.limit });
  }

  @Post()
  @HttpCode(201)
  @Can('question.ask')
  @ApiOperation({ summary: 'Sends a question to the instructor (schedule_id: the enrolment id); the instructor answers within 3 business days' })
  @ApiParam({ name: 'course_id', example: 1007 })
  @ApiCreatedResponse({ schema: apiSchema(questionCreatedAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'topic required, up to 120 characters; question required, up to 2000; schedule_id the caller’s enrolment in the course' })
  @ApiForbiddenResponse({ description: "'The content of this course has ended.'" })
  ask(@Param('course_id') courseId: string, @ZodBody(askQuestionRequestSchema, { pass: 'sent' }) body: AskQuestionRequest): Promise<QuestionCreatedAnswer> {
    return this.rpc.call(ExamsRpc.AskQuestion, { courseId: courseIdParam(courseId), topic: body.topic, question: body.question, schedule_id: body.schedule_id });
  }
}
