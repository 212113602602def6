import { AnnouncementRpc, type AnnouncementDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { PublishAnnouncementDto } from './notifications.dto.js';
import { CurrentAnnouncementResponse, PublishedAnnouncementResponse } from './notifications.responses.js';

/** The dismissible announcement banner (spec: shop §2, §4) and its publication by operators. */
@ApiTags('announcements')
@Controller()
export class AnnouncementsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/announcements/current')
  @ApiOperation({ summary: 'The newest announcement, or null' })
  @ApiOkResponse({ type: CurrentAnnouncementResponse })
  current(): Promise<{ data: AnnouncementDto | null }> {
    return this.rpc.call(AnnouncementRpc.Current, {});
  }

  /** Administrators and limited administrators (`announcements.manage`); notifications checks the roles again. */
  @Post('api/admin/announcements')
  @HttpCode(200)
  @Can('announcements.manage')
  @ApiOperation({ summary: 'Publish a new announcement (it becomes the current one)' })
  @ApiOkResponse({ type: PublishedAnnouncementResponse })
  @ApiUnprocessableEntityResponse({ description: 'errors under message and class' })
  publish(@Body() body: PublishAnnouncementDto): Promise<{ data: AnnouncementDto }> {
    // The guard read the user: the call carries them as the actor.
    return this.rpc.call(AnnouncementRpc.Publish, { message: body.message, class: body.class });
  }
}
