import {
  invitationCreateRequestSchema,
  invitationListQuerySchema,
  InvitationsRpc,
  invitationUpdateRequestSchema,
  type InvitationAnswer,
  type InvitationCreateRequest,
  type InvitationDto,
  type InvitationListQuery,
  type InvitationUpdateRequest,
  type InvitingCompany,
  type PaginationMeta,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { SignedIn } from '../accounts/access/access.decorators.js';
import { CapabilityRoute } from '../http/route-verb.js';
import { AccountRoutes } from '../accounts/account-routes.decorator.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';


/** The service reads the request again with the same schema: it gets the fields as sent. */
const SENT = { pass: 'sent' } as const;
/**
 * Invitations to the company's Student List (learning §2 'My pending invitations' and the
 * pending-invitation popup, §4, §7, §8). Managing needs `invitations.manage` and touches the
 * company's own invitations; the check and 'Join' are the invited person's.
 */
@ApiTags('invitations')
@AccountRoutes()
@Controller()
export class InvitationsController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/invitations', 'invitations.manage', "'My pending invitations': `search_query`, `page`; answers success, data and meta.pagination")
  list(@ZodQuery(invitationListQuerySchema, SENT) query: InvitationListQuery): Promise<{ success: true; data: InvitationDto[]; meta: { pagination: PaginationMeta } }> {
    return this.rpc.call(InvitationsRpc.List, query);
  }

  @Get('api/invitations/pending')
  @SignedIn()
  @ApiOperation({ summary: 'The pending-invitation check: inviting_company with company_name, or null' })
  pending(): Promise<{ inviting_company: InvitingCompany | null }> {
    return this.rpc.call(InvitationsRpc.Pending, {});
  }

  @CapabilityRoute('GET', 'api/invitations/:id', 'invitations.manage', 'One pending invitation (the edit form)')
  @ApiNotFoundResponse({ description: 'No such pending invitation in your company' })
  get(@Param('id') id: string): Promise<{ success: true; data: InvitationDto }> {
    return this.rpc.call(InvitationsRpc.Get, { id });
  }

  @CapabilityRoute('CREATE', 'invitations', 'invitations.manage', 'Invite an e-mail to the Student List (with division, department, position); the link is e-mailed')
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  create(@ZodBody(invitationCreateRequestSchema, SENT) body: InvitationCreateRequest): Promise<InvitationAnswer> {
    return this.rpc.call(InvitationsRpc.Create, body);
  }

  @CapabilityRoute('POST', 'invitations/accept', 'invitations.respond', "'Join': become an employee of the company of your pending invitation")
  @ApiNotFoundResponse({ description: 'No pending invitation' })
  accept(): Promise<{ success: true; message: string; data: { company_id: string; company_name: string; employee_id: string } }> {
    return this.rpc.call(InvitationsRpc.Accept, {});
  }

  @CapabilityRoute('PATCH', 'invitations/:id', 'invitations.manage', 'Edit a pending invitation; a new e-mail gets a new link')
  @ApiNotFoundResponse({ description: 'No such pending invitation in your company' })
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  update(@Param('id') id: string, @ZodBody(invitationUpdateRequestSchema, SENT) body: InvitationUpdateRequest): Promise<InvitationAnswer> {
    return this.rpc.call(InvitationsRpc.Update, { ...body, id });
  }

  @CapabilityRoute('POST', 'invitations/:id/resend', 'invitations.manage', 'E-mail a new link (the old one stops working)')
  @ApiNotFoundResponse({ description: 'No such pending invitation in your company' })
  @ApiTooManyRequestsResponse({ description: 'Sent too recently: the message says when it may be tried again' })
  resend(@Param('id') id: string): Promise<{ success: true; message: string }> {
    return this.rpc.call(InvitationsRpc.Resend, { id });
  }

  @CapabilityRoute('DELETE', 'invitations/:id', 'invitations.manage', 'Remove a pending invitation (its link stops working)')
  @ApiNotFoundResponse({ description: 'No such pending invitation in your company' })
  remove(@Param('id') id: string): Promise<{ success: true; message: string }> {
    return this.rpc.call(InvitationsRpc.Remove, { id });
  }
}
