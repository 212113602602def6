import {
  AnnouncementRpc,
  currentAnnouncementSchema,
  publishAnnouncementBodySchema,
  publishedAnnouncementSchema,
  type AnnouncementDto,
  type PublishAnnouncementBody,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodBody } from '../validation/zod-params.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** The dismissible announcement banner (spec: shop §2, §4) and its publication by operators. */
@ApiTags('announcements')
@Controller()
export class AnnouncementsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/announcements/current')
  @ApiOperation({ summary: 'The newest announcement, or null' })
  @ApiOkResponse({ schema: apiSchema(currentAnnouncementSchema) })
  current(): Promise<{ data: AnnouncementDto | null }> {
    return this.rpc.call(AnnouncementRpc.Current, {});
  }

  /** Administrators and limited administrators (`announcements.manage`); notifications checks the roles again. */
  @CapabilityRoute('POST', 'api/admin/announcements', 'announcements.manage', 'Publish a new announcement (it becomes the current one)', publishedAnnouncementSchema)
  @ApiUnprocessableEntityResponse({ description: 'errors under message and class' })
  publish(@ZodBody(publishAnnouncementBodySchema, { check: 'fields' }) body: PublishAnnouncementBody): Promise<{ data: AnnouncementDto }> {
    // The guard read the user: the call carries them as the actor. notifications checks the fields.
    return this.rpc.call(AnnouncementRpc.Publish, { message: body.message, class: body.class });
  }
}
