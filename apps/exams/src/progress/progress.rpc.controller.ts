import { ExamsRpc, type AnswerQuizRequest, type ChapterRequest, type CompleteChapterRequest, type CourseProgressRequest, type CourseRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CoursePagesService } from './course-pages.service.js';
import { ProgressService } from './progress.service.js';

@Controller()
export class ProgressRpcController {
  constructor(
    private readonly pages: CoursePagesService,
    private readonly progress: ProgressService,
  ) {}

  @MessagePattern(ExamsRpc.CoursePage.pattern)
  page(@Ctx() ctx: RequestContext, @Payload() request: CourseRequest) {
    return this.pages.page(ctx, request);
  }

  @MessagePattern(ExamsRpc.Chapter.pattern)
  chapter(@Ctx() ctx: RequestContext, @Payload() request: ChapterRequest) {
    return this.pages.chapter(ctx, request);
  }

  @MessagePattern(ExamsRpc.CompleteChapter.pattern)
  complete(@Ctx() ctx: RequestContext, @Payload() request: CompleteChapterRequest) {
    return this.progress.complete(ctx, request);
  }

  @MessagePattern(ExamsRpc.AnswerQuiz.pattern)
  answerQuiz(@Ctx() ctx: RequestContext, @Payload() request: AnswerQuizRequest) {
    return this.progress.answerQuiz(ctx, request);
  }

  @MessagePattern(ExamsRpc.CourseProgress.pattern)
  courseProgress(@Ctx() ctx: RequestContext, @Payload() request: CourseProgressRequest) {
    return this.progress.courseProgress(ctx, request);
  }
}
