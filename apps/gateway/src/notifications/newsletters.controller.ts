import { AccountsRpc, bonusPopupSchema, NewsletterRpc, notificationsMessageSchema, type BonusPopupDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, HttpCode, Post, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../accounts/access/access.decorators.js';
import { carryClientSession } from '../session/client-session.js';
import type { RequestSession } from '../session/request-session.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** Newsletter subscription and the subscription bonus popup (spec: shop §2, §4, §7). */
@ApiTags('newsletters')
@Controller()
export class NewslettersController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The popup's subscribe button. The subscription is a newsletter consent: accounts records it
   * (with time and policy version, and the user's `newsletter_opt_in` follows), then
   * notifications subscribes the address at once so the popup does not come back.
   */
  @CapabilityRoute('POST', 'newsletters/subscribe', 'newsletter.subscribe', 'Subscribe the signed-in user to the newsletter', notificationsMessageSchema)
  async subscribe(): Promise<{ message: string }> {
    // The guard read the user: both calls carry them (and their address) as the actor.
    await this.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 });
    return this.rpc.call(NewsletterRpc.Subscribe, {});
  }

  /** Visitors never see the popup; it needs no account lookup, only the session's user id. */
  @Get('api/newsletters/bonus-popup')
  @ApiOperation({ summary: 'Whether to show the subscription bonus popup' })
  @ApiOkResponse({ schema: apiSchema(bonusPopupSchema) })
  async bonusPopup(@Session() session: RequestSession): Promise<BonusPopupDto> {
    if (!(await session.get('userId'))) return { show: false };
    await carryClientSession(session);
    return this.rpc.call(NewsletterRpc.BonusPopup, {});
  }

  @Post('newsletters/mark-subscription-bonus-popup-as-seen')
  @HttpCode(200)
  @SignedIn()
  @ApiOperation({ summary: 'The popup was shown: do not show it again' })
  @ApiOkResponse({ schema: apiSchema(notificationsMessageSchema) })
  markBonusPopupAsSeen(): Promise<{ message: string }> {
    // The guard read the user: the call carries them as the actor.
    return this.rpc.call(NewsletterRpc.MarkBonusPopupSeen, {});
  }
}
