import { ContentRpc } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

/** The public site's editorial content, kept by catalog-cart. */
@ApiTags('content')
@Controller('api/content')
export class ContentController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('faq')
  @ApiOperation({ summary: 'Visible FAQ items' })
  faq() {
    return this.rpc.call(ContentRpc.Faq, {});
  }

  @Get('articles/:slug')
  @ApiOperation({ summary: 'An information article (FAQ corporate account, terms, privacy)' })
  article(@Param('slug') slug: string) {
    return this.rpc.call(ContentRpc.Article, { slug });
  }

  @Get('slides')
  @ApiOperation({ summary: 'Home carousel slides' })
  slides() {
    return this.rpc.call(ContentRpc.Slides, {});
  }

  @Get('client-logos')
  @ApiOperation({ summary: 'Client logos for the home page' })
  clientLogos() {
    return this.rpc.call(ContentRpc.ClientLogos, {});
  }
}
