import {
  quickShareBodySchema,
  quickShareManyBodySchema,
  shareIdsBodySchema,
  shareListQuerySchema,
  SharingRpc,
  type BulkShareActionResponse,
  type QuickShareBody,
  type QuickShareManyBody,
  type QuickShareManyResponse,
  type QuickShareResponse,
  type ShareActionResponse,
  type ShareIdsBody,
  type ShareListQuery,
  type ShareListResponse,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Param } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';
import { programIdParam, shareIdParam } from './sharing-input.js';
import { CapabilityRoute } from '../http/route-verb.js';

/**
 * The quick share page's calls (spec: learning §2 Quick share page, §4 share item status, §5
 * Sharing, §7). The guards read the signed-in user first, so each call acts for them; an item of
 * another owner is a 404.
 */
@ApiTags('sharing')
@Controller()
export class QuickShareController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('POST', 'quick-share/:id', 'share.send', 'Share one seat of a course (id: the course) by e-mail or as a ticket; answers shared_to')
  @ApiUnprocessableEntityResponse({ description: "Invalid email; 'You have only {n} courses.'" })
  @ApiConflictResponse({ description: "'Course already received: look for it in your profile'" })
  share(@Param('id') id: string, @ZodBody(quickShareBodySchema) body: QuickShareBody): Promise<QuickShareResponse> {
    return this.rpc.call(SharingRpc.Share, { programId: programIdParam(id), email: body.email, share_type: body.share_type, name: body.name });
  }

  @CapabilityRoute('POST', 'quick-share/:id/multiple', 'share.send', 'Add multiple recipients: one seat each, all or none (at most 50)')
  @ApiUnprocessableEntityResponse({
    description: "'You need to write something!', 'You have only {n} courses.', 'You cannot share more than 50 courses at once!', 'You have incorrect emails', 'You have duplicated emails'",
  })
  shareMany(@Param('id') id: string, @ZodBody(quickShareManyBodySchema) body: QuickShareManyBody): Promise<QuickShareManyResponse> {
    return this.rpc.call(SharingRpc.ShareMany, { programId: programIdParam(id), emails: body.emails, share_type: body.share_type });
  }

  @CapabilityRoute('GET', 'api/quick-share/items', 'share.send', 'The Sharing list (default send_at descending) with the Share and Sharing tab counts')
  list(@ZodQuery(shareListQuerySchema) query: ShareListQuery): Promise<ShareListResponse> {
    return this.rpc.call(SharingRpc.List, {
      programId: query.program_id === undefined ? undefined : Number(query.program_id),
      search: query.search,
      sort: query.sort,
      direction: query.direction,
      page: query.page,
      per_page: query.per_page,
    });
  }

  @CapabilityRoute('PATCH', 'quick-share/resend/:id', 'share.send', 'Send a shared item again: send_at becomes now and the e-mail goes again')
  @ApiNotFoundResponse({ description: 'Not an item of yours' })
  resend(@Param('id') id: string): Promise<ShareActionResponse> {
    return this.rpc.call(SharingRpc.Resend, { id: shareIdParam(id) });
  }

  @CapabilityRoute('DELETE', 'quick-share/:id', 'share.recall', 'Cancel a shared item nobody accepted (a created item is recalled); its seat goes back')
  @ApiNotFoundResponse({ description: 'Not an item of yours' })
  cancel(@Param('id') id: string): Promise<ShareActionResponse> {
    return this.rpc.call(SharingRpc.Cancel, { id: shareIdParam(id) });
  }

  @CapabilityRoute('POST', 'course-recall/:id', 'share.recall', 'Recall a shared course: always while not accepted; accepted only within 14 days of purchase and not started')
  @ApiUnprocessableEntityResponse({ description: 'Recall not allowed (started, past 14 days, already ended)' })
  recall(@Param('id') id: string): Promise<ShareActionResponse> {
    return this.rpc.call(SharingRpc.Recall, { id: shareIdParam(id) });
  }

  @CapabilityRoute('POST', 'api/quick-share/resend-selected', 'share.send', 'Resend selected: created items are skipped')
  resendSelected(@ZodBody(shareIdsBodySchema) body: ShareIdsBody): Promise<BulkShareActionResponse> {
    return this.rpc.call(SharingRpc.BulkResend, { ids: body.ids });
  }

  @CapabilityRoute('POST', 'api/quick-share/cancel-selected', 'share.recall', 'Cancel selected: created items are recalled, the others cancelled')
  cancelSelected(@ZodBody(shareIdsBodySchema) body: ShareIdsBody): Promise<BulkShareActionResponse> {
    return this.rpc.call(SharingRpc.BulkCancel, { ids: body.ids });
  }
}
