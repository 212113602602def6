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
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { ZodBody, ZodParams, ZodQuery } from '../../validation/zod-params.js';
import { Actor, Can } from '../access/access.decorators.js';
import { AccountRoutes } from '../account-routes.decorator.js';

/** KYC review by KYC users and administrators (learning §4 KYC status, §6). */
@ApiTags('kyc')
@AccountRoutes()
@Controller()
export class KycController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/kyc/pending')
  @Can('kyc.review')
  @ApiOperation({ summary: 'Pending KYC checks (companies and individual buyers), oldest first, 10 per page' })
  @ApiOkResponse({ schema: apiSchema(kycListSchema) })
  pending(@Actor() user: AccountUserDto, @ZodQuery(kycPendingQuerySchema, { pass: 'sent' }) query: KycPendingQuery): Promise<{ data: KycSubjectDto[]; meta: { pagination: PaginationMeta } }> {
    return this.rpc.call(KycRpc.ListPending, { page: query.page ? Number(query.page) : undefined, search: query.search });
  }

  @Post('kyc/:subject_type/:id/approve')
  @HttpCode(200)
  @Can('kyc.review')
  @ApiOperation({ summary: 'Approve a pending KYC check (never one\'s own or one\'s company\'s)' })
  @ApiOkResponse({ schema: apiSchema(kycDecidedAnswerSchema) })
  @ApiNotFoundResponse({ description: 'No such check' })
  approve(
    @Actor() user: AccountUserDto,
    @ZodParams(kycSubjectParamsSchema, { pass: 'sent' }) subject: KycSubjectParams,
    @ZodBody(kycApprovalRequestSchema, { pass: 'sent' }) body: KycApprovalRequest,
  ): Promise<{ message: string; data: KycSubjectDto }> {
    return this.decide(user, subject, 'approve', body.reason);
  }

  @Post('kyc/:subject_type/:id/decline')
  @HttpCode(200)
  @Can('kyc.review')
  @ApiOperation({ summary: 'Decline a pending KYC check with a reason' })
  @ApiOkResponse({ schema: apiSchema(kycDecidedAnswerSchema) })
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
