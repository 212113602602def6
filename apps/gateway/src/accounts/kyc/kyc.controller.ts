import {
  kycApprovalRequestSchema,
  kycDecidedAnswerSchema,
  kycDeclineRequestSchema,
  kycListSchema,
  kycPendingQuerySchema,
  KycRpc,
  kycSubjectParamsSchema,
  type AccountUserDto,
  type KycApprovalRequest,
  type KycDecision,
  type KycDeclineRequest,
  type KycPendingQuery,
  type KycSubjectDto,
  type KycSubjectParams,
  type PaginationMeta,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ZodBody, ZodParams, ZodQuery } from '../../validation/zod-params.js';
import { Actor } from '../access/access.decorators.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { CapabilityRoute } from '../../http/route-verb.js';

/** KYC review by KYC users and administrators (learning §4 KYC status, §6). */
@ApiTags('kyc')
@AccountRoutes()
@Controller()
export class KycController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/kyc/pending', 'kyc.review', 'Pending KYC checks (companies and individual buyers), oldest first, 10 per page', kycListSchema)
  pending(@Actor() user: AccountUserDto, @ZodQuery(kycPendingQuerySchema, { pass: 'sent' }) query: KycPendingQuery): Promise<{ data: KycSubjectDto[]; meta: { pagination: PaginationMeta } }> {
    return this.rpc.call(KycRpc.ListPending, { page: query.page ? Number(query.page) : undefined, search: query.search });
  }

  @CapabilityRoute('POST', 'kyc/:subject_type/:id/approve', 'kyc.review', 'Approve a pending KYC check (never one\'s own or one\'s company\'s)', kycDecidedAnswerSchema)
  @ApiNotFoundResponse({ description: 'No such check' })
  approve(
    @Actor() user: AccountUserDto,
    @ZodParams(kycSubjectParamsSchema, { pass: 'sent' }) subject: KycSubjectParams,
    @ZodBody(kycApprovalRequestSchema, { pass: 'sent' }) body: KycApprovalRequest,
  ): Promise<{ message: string; data: KycSubjectDto }> {
    return this.decide(user, subject, 'approve', body.reason);
  }

  @CapabilityRoute('POST', 'kyc/:subject_type/:id/decline', 'kyc.review', 'Decline a pending KYC check with a reason', kycDecidedAnswerSchema)
  @ApiNotFoundResponse({ description: 'No such check' })
  @ApiUnprocessableEntityResponse({ description: 'errors.reason: required to decline' })
  decline(
    @Actor() user: AccountUserDto,
    @ZodParams(kycSubjectParamsSchema, { pass: 'sent' }) subject: KycSubjectParams,
    @ZodBody(kycDeclineRequestSchema, { pass: 'sent' }) body: KycDeclineRequest,
  ): Promise<{ message: string; data: KycSubjectDto }> {
    return this.decide(user, subject, 'decline', body.reason);
  }

  private decide(user: AccountUserDto, subject: KycSubjectParams, decision: KycDecision, reason: string | undefined) {
    return this.rpc.call(KycRpc.Decide, {
      subject_type: subject.subject_type,
      subject_id: subject.id,
      decision,
      reason,
    });
  }
}
