import { ExamsRpc, type AnswerQuestionRpcRequest, type AskQuestionRpcRequest, type InstructorQuestionsRequest, type ListQuestionsRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QuestionsService } from './questions.service.js';

@Controller()
export class QuestionsRpcController {
  constructor(private readonly questions: QuestionsService) {}

  @MessagePattern(ExamsRpc.ListQuestions.pattern)
  list(@Ctx() ctx: RequestContext, @Payload() request: ListQuestionsRequest) {
    return this.questions.list(ctx, request);
  }

  @MessagePattern(ExamsRpc.AskQuestion.pattern)
  ask(@Ctx() ctx: RequestContext, @Payload() request: AskQuestionRpcRequest) {
    return this.questions.ask(ctx, request);
  }

  @MessagePattern(ExamsRpc.InstructorQuestions.pattern)
  instructorList(@Ctx() ctx: RequestContext, @Payload() request: InstructorQuestionsRequest) {
    return this.questions.instructorList(ctx, request);
  }

  @MessagePattern(ExamsRpc.AnswerQuestion.pattern)
  answer(@Ctx() ctx: RequestContext, @Payload() request: AnswerQuestionRpcRequest) {
    return this.questions.answer(ctx, request);
  }
}
