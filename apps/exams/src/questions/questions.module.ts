import { Module } from '@nestjs/common';
import { QuestionsRpcController } from './questions.rpc.controller.js';
import { QuestionsService } from './questions.service.js';

/** Questions to the instructor: asked by learners, answered by instructors. */
@Module({
  controllers: [QuestionsRpcController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
