import { articleRequestSchema, ContentRpc, type ArticleRequest } from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ContentService } from './content.service.js';

@Controller()
export class ContentRpcController {
  constructor(private readonly content: ContentService) {}

  @MessagePattern(ContentRpc.Faq.pattern)
  async faq() {
    return { data: await this.content.faq() };
  }

  @MessagePattern(ContentRpc.Article.pattern)
  async article(@ZodPayload(articleRequestSchema) request: ArticleRequest) {
    return { data: await this.content.article(request.slug) };
  }

  @MessagePattern(ContentRpc.Slides.pattern)
  async slides() {
    return { data: await this.content.slides() };
  }

  @MessagePattern(ContentRpc.ClientLogos.pattern)
  async clientLogos() {
    return { data: await this.content.clientLogos() };
  }
}
