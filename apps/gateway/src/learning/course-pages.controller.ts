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
import { applyDecorators, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { z } from 'zod';
import { Can, SignedIn } from '../accounts/access/access.decorators.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';
import { ZodBody } from '../validation/zod-params.js';
import { courseIdParam, slugParam } from './learning-input.js';
import { COURSE_ID, RawJsonAnswer } from './learning-routes.js';

const SLUG = { name: 'slug', description: "The chapter's slug", example: 'm7-1-1-1-introduction' } as const;

/** The chapter a route names, its course id and slug checked: exams' key for every chapter call. */
function chapterOf(courseId: string, slug: string): { courseId: number; slug: string } {
  return { courseId: courseIdParam(courseId), slug: slugParam(slug) };
}

/** A chapter route of a learner (`course.learn`): under the course id and the chapter's slug. */
const ChapterRoute = (answerDocs: MethodDecorator): MethodDecorator => applyDecorators(Can('course.learn'), answerDocs, ApiParam(SLUG), ApiParam(COURSE_ID));

/** A completion of a chapter (POST answering 200), `summary` and `answer` documenting it. */
const ChapterAction = (path: string, summary: string, answer: z.ZodType): MethodDecorator =>
  applyDecorators(Post(path), HttpCode(200), ChapterRoute(ApiAnswer(summary, answer)));

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
  @RawJsonAnswer('The course, the caller’s enrolment in it (null: the non-watching view, everything locked) and the syllabus chapter tree', coursePageAnswerSchema)
  @ApiParam(COURSE_ID)
  @ApiNotFoundResponse({ description: 'No such course' })
  page(@Param('course_id') courseId: string): Promise<RawJson<CoursePageAnswer>> {
    // The answer (a tree of up to hundreds of chapters) is passed on as exams wrote it: parsing
    // and serialising it again would cost more than the rest of the request.
    return this.rpc.callRaw(ExamsRpc.CoursePage, { courseId: courseIdParam(courseId) });
  }

  @Get('chapter/:slug')
  @ChapterRoute(RawJsonAnswer("A chapter's content: text, the external player's address (for a sandboxed iframe) or the quiz's questions", chapterContentAnswerSchema))
  @ApiForbiddenResponse({ description: "'The content of this course has ended.' (course.content_ended); a locked chapter (course.chapter_locked)" })
  @ApiNotFoundResponse({ description: 'Not enrolled, or no such chapter' })
  chapter(@Param('course_id') courseId: string, @Param('slug') slug: string): Promise<RawJson<ChapterContentAnswer>> {
    return this.rpc.callRaw(ExamsRpc.Chapter, chapterOf(courseId, slug));
  }

  @ChapterAction('chapter/:slug/complete', 'Completes a video or text chapter: its video ended, or marked done (a video only when it may be skipped)', chapterCompleteAnswerSchema)
  @ApiConflictResponse({ description: 'A quiz (completed by its answers), a section, or a video that cannot be skipped marked done (course.completion_not_allowed)' })
  @ApiForbiddenResponse({ description: 'Content ended, or the chapter is locked' })
  @ApiNotFoundResponse({ description: 'Not enrolled, or no such chapter' })
  @ApiUnprocessableEntityResponse({ description: 'The reason is not video_ended or marked_done' })
  complete(@Param('course_id') courseId: string, @Param('slug') slug: string, @ZodBody(chapterCompleteBodySchema) body: ChapterCompleteBody): Promise<ChapterCompleteAnswer> {
    return this.rpc.call(ExamsRpc.CompleteChapter, { ...chapterOf(courseId, slug), reason: body.reason });
  }

  @ChapterAction('chapter/:slug/quiz/answer', 'Answers one question of a practice quiz: right or wrong at once, with the explanation; every question right once completes the chapter', quizAnswerResultSchema)
  @ApiConflictResponse({ description: 'The chapter is not a quiz (course.not_a_quiz)' })
  @ApiUnprocessableEntityResponse({ description: 'A choice other than A, B or C; a question not of this quiz' })
  answer(@Param('course_id') courseId: string, @Param('slug') slug: string, @ZodBody(quizAnswerBodySchema) body: QuizAnswerBody): Promise<QuizAnswerResult> {
    return this.rpc.call(ExamsRpc.AnswerQuiz, { ...chapterOf(courseId, slug), question_id: body.question_id, choice: body.choice });
  }
}
