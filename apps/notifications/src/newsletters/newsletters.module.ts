import { Module } from '@nestjs/common';
import { NewslettersHandlers } from './newsletters.event-handlers.js';
import { NewslettersRpcController } from './newsletters.rpc.controller.js';
import { NewslettersService } from './newsletters.service.js';

/** Newsletter subscriptions and the subscription bonus popup. */
@Module({
  controllers: [NewslettersRpcController],
  providers: [NewslettersService, NewslettersHandlers],
})
export class NewslettersModule {}
