import { ContentRpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContentService } from './content.service.js';

@Controller()
export class ContentRpcController {
  constructor(private readonly content: ContentService) {}

  @MessagePattern(ContentRpc.Faq.pattern)
  async faq() {
    return { data: await this.content.faq() };
  }

  @MessagePattern(ContentRpc.Article.pattern)
  async article(@Payload() request: { slug: string }) {
    return { data: await this.content.article(String(request.slug ?? '')) };
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
