import {
  chapterCompleteAnswerSchema,
  chapterCompleteBodySchema,
  chapterContentAnswerSchema,
  coursePageAnswerSchema,
  ExamsRpc,
  quizAnswerBodySchema,
  quizAnswerResultSchema,
  type ChapterCompleteAnswer,
  type ChapterCompleteBody,
  type ChapterContentAnswer,
  type CoursePageAnswer,
  type QuizAnswerBody,
  type QuizAnswerResult,
} from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can, SignedIn } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodBody } from '../validation/zod-params.js';
import { courseIdParam, slugParam } from './learning-input.js';

const COURSE_ID = { name: 'course_id', description: "The catalogue's program id", example: 1007 } as const;
const SLUG = { name: 'slug', description: "The chapter's slug", example: 'm7-1-1-1-introduction' } as const;

/**
 * The course page and its chapters (spec: learning §2 `/course/{course_id}`, syllabus chapter
 * tree, quiz; §3 Syllabus chapter): the tree, a chapter's content, completing a chapter,
 * answering a practice quiz. A learner sees only their own progress.
 */
@ApiTags('learning')
@Controller('api/course/:course_id')
export class CoursePagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @SignedIn()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'The course, the caller’s enrolment in it (null: the non-watching view, everything locked) and the syllabus chapter tree' })
  @ApiParam(COURSE_ID)
  @ApiOkResponse({ schema: apiSchema(coursePageAnswerSchema) })
  @ApiNotFoundResponse({ description: 'No such course' })
  page(@Param('course_id') courseId: string): Promise<RawJson<CoursePageAnswer>> {
    // The answer (a tree of up to hundreds of chapters) is passed on as exams wrote it: parsing
    // and serialising it again would cost more than the rest of the request.
    return this.rpc.callRaw(ExamsRpc.CoursePage, { courseId: courseIdParam(courseId) });
  }

  @Get('chapter/:slug')
  @Can('course.learn')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: "A chapter's content: text, the external player's address (for a sandboxed iframe) or the quiz's questions" })
  @ApiParam(COURSE_ID)
  @ApiParam(SLUG)
  @ApiOkResponse({ schema: apiSchema(chapterContentAnswerSchema) })
  @ApiForbiddenResponse({ description: "'The content of this course has ended.' (course.content_ended); a locked chapter (course.chapter_locked)" })
  @ApiNotFoundResponse({ description: 'Not enrolled, or no such chapter' })
  chapter(@Param('course_id') courseId: string, @Param('slug') slug: string): Promise<RawJson<ChapterContentAnswer>> {
    return this.rpc.callRaw(ExamsRpc.Chapter, { courseId: courseIdParam(courseId), slug: slugParam(slug) });
  }

  @Post('chapter/:slug/complete')
  @HttpCode(200)
  @Can('course.learn')
  @ApiOperation({ summary: 'Completes a video or text chapter: its video ended, or marked done (a video only when it may be skipped)' })
  @ApiParam(COURSE_ID)
  @ApiParam(SLUG)
  @ApiOkResponse({ schema: apiSchema(chapterCompleteAnswerSchema) })
  @ApiConflictResponse({ description: 'A quiz (completed by its answers), a section, or a video that cannot be skipped marked done (course.completion_not_allowed)' })
  @ApiForbiddenResponse({ description: 'Content ended, or the chapter is locked' })
  @ApiNotFoundResponse({ description: 'Not enrolled, or no such chapter' })
  @ApiUnprocessableEntityResponse({ description: 'The reason is not video_ended or marked_done' })
  complete(@Param('course_id') courseId: string, @Param('slug') slug: string, @ZodBody(chapterCompleteBodySchema) body: ChapterCompleteBody): Promise<ChapterCompleteAnswer> {
    return this.rpc.call(ExamsRpc.CompleteChapter, { courseId: courseIdParam(courseId), slug: slugParam(slug), reason: body.reason });
  }

  @Post('chapter/:slug/quiz/answer')
  @HttpCode(200)
  @Can('course.learn')
  @ApiOperation({ summary: 'Answers one question of a practice quiz: right or wrong at once, with the explanation; every question right once completes the chapter' })
  @ApiParam(COURSE_ID)
  @ApiParam(SLUG)
  @ApiOkResponse({ schema: apiSchema(quizAnswerResultSchema) })
  @ApiConflictResponse({ description: 'The chapter is not a quiz (course.not_a_quiz)' })
  @ApiUnprocessableEntityResponse({ description: 'A choice other than A, B or C; a question not of this quiz' })
  answer(@Param('course_id') courseId: string, @Param('slug') slug: string, @ZodBody(quizAnswerBodySchema) body: QuizAnswerBody): Promise<QuizAnswerResult> {
    return this.rpc.call(ExamsRpc.AnswerQuiz, { courseId: courseIdParam(courseId), slug: slugParam(slug), question_id: body.question_id, choice: body.choice });
  }
}
