import {
  accountDataRequestSchema,
  AccountsRpc,
  avatarUploadedAnswerSchema,
  avatarUploadRequestSchema,
  billingAnswerSchema,
  billingRequestSchema,
  binaryFlag,
  can,
  companyAnswerSchema,
  messageAnswerSchema,
  newsletterConsentRequestSchema,
  passwordChangeRequestSchema,
  personalInformationRequestSchema,
  personalInformationSavedAnswerSchema,
  profileAnswerSchema,
  profileUpdatedAnswerSchema,
  ProfileRpc,
  type AccountDataRequest,
  type AccountUserDto,
  type AvatarUploadRequest,
  type BillingInformationDto,
  type BillingRequest,
  type CompanyDto,
  type NewsletterConsentRequest,
  type PasswordChangeRequest,
  type PersonalInformationDto,
  type PersonalInformationRequest,
  type ProfileDto,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, ForbiddenException, Get, HttpCode, NotFoundException, Param, Patch, Post, Res, Session } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BodyLimit } from '../../http/input-checks.js';
import { AVATAR_BODY_LIMIT } from '../../http/input-rules.js';
import { apiSchema } from '../../openapi/zod-schemas.js';
import type { RequestSession } from '../../session/request-session.js';
import { ZodBody } from '../../validation/zod-params.js';
import { NOT_ALLOWED_MESSAGE } from '../access/account-access.js';
import { Actor, Can, SignedIn } from '../access/access.decorators.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { sessionUserOf } from '../sign-in/sign-in.js';
import { CapabilityRoute } from '../../http/route-verb.js';

export const AVATAR_NOT_FOUND_MESSAGE = 'No avatar.';

/**
 * The signed-in user's own profile (learning §2 profile, billing form; permissions "own"). Every
 * call names the actor from the session; no route takes another user's id, except the avatar
 * image, which is served for the actor's own id only.
 */
@ApiTags('profile')
@AccountRoutes()
@Controller()
export class ProfileController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/profile', 'profile.manage_own', 'The profile page: account data, personal information, company and KYC panels', profileAnswerSchema)
  profile(): Promise<{ data: ProfileDto }> {
    return this.rpc.call(ProfileRpc.Get, {});
  }

  @CapabilityRoute('PATCH', 'profile', 'profile.manage_own', 'Change nick, first and last name (the e-mail is read-only)', profileUpdatedAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  updateProfile(@Actor() user: AccountUserDto, @ZodBody(accountDataRequestSchema, { pass: 'sent' }) body: AccountDataRequest): Promise<{ message: string; data: ProfileDto }> {
    return this.rpc.call(ProfileRpc.UpdateAccount, {
      nick: body.nick,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
    });
  }

  @Post('profile/avatar')
  @BodyLimit(AVATAR_BODY_LIMIT)
  @HttpCode(200)
  @Can('profile.manage_own')
  @ApiOperation({ summary: 'Upload the avatar: PNG, JPEG or WebP, at most 700 KB, base64 or a data URL' })
  @ApiOkResponse({ schema: apiSchema(avatarUploadedAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'errors.avatar: type, size or unreadable' })
  async uploadAvatar(@Actor() user: AccountUserDto, @ZodBody(avatarUploadRequestSchema, { pass: 'sent' }) body: AvatarUploadRequest): Promise<{ message: string; data: { avatar_url: string } }> {
    const { message, avatar_url } = await this.rpc.call(ProfileRpc.UploadAvatar, {
      content_base64: body.avatar,
      content_type: body.content_type,
    });
    return { message, data: { avatar_url } };
  }

  @CapabilityRoute('DELETE', 'profile/avatar', 'profile.manage_own', 'Remove the avatar', messageAnswerSchema)
  async removeAvatar(): Promise<{ message: string }> {
    const { message } = await this.rpc.call(ProfileRpc.RemoveAvatar, {});
    return { message };
  }

  /**
   * The path the service's `avatar_url` points at today (`/profile/avatar?v=…`): the signed-in
   * user's own image.
   */
  @Get('profile/avatar')
  @SignedIn()
  @ApiOperation({ summary: "The signed-in user's avatar image (the path of avatar_url)" })
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiNotFoundResponse({ description: 'No avatar' })
  ownAvatar(@Actor() user: AccountUserDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.avatarImage(reply);
  }

  /**
   * The avatar image of `userId`. Avatars are read with the actor's own identity only
   * (`ProfileRpc.GetAvatar` names no other user), so another user's id answers 404, exactly like
   * a user without an avatar: the id reveals nothing.
   */
  @Get('profile/avatar/:userId')
  @SignedIn()
  @ApiOperation({ summary: 'The avatar image of a user (signed-in users; only their own is served)' })
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiNotFoundResponse({ description: 'No avatar, or not the signed-in user' })
  avatar(@Actor() user: AccountUserDto, @Param('userId') userId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    if (userId !== user.id) throw new NotFoundException({ message: AVATAR_NOT_FOUND_MESSAGE });
    return this.avatarImage(reply);
  }

  @CapabilityRoute('POST', 'profile/personal-information', 'profile.manage_own', 'Personal information for certificates (birth date, gender, birth place), fillable once', personalInformationSavedAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: 'errors per field; errors.personal_information when already filled' })
  savePersonalInformation(
    @Actor() user: AccountUserDto,
    @ZodBody(personalInformationRequestSchema, { pass: 'sent' }) body: PersonalInformationRequest,
  ): Promise<{ message: string; data: PersonalInformationDto }> {
    return this.rpc.call(ProfileRpc.SavePersonalInfo, {
      birth_date: body.birth_date,
      gender: body.gender,
      birth_place: body.birth_place,
    });
  }

  @CapabilityRoute('PATCH', 'profile/password', 'profile.manage_own', "Change the password; the account's other sessions are signed out and its other remember-me tokens stop working", messageAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: 'errors.current_password, password rules, confirmation' })
  async changePassword(
    @Actor() user: AccountUserDto,
    @Session() session: RequestSession,
    @ZodBody(passwordChangeRequestSchema, { pass: 'sent' }) body: PasswordChangeRequest,
  ): Promise<{ message: string }> {
    const { message, session_version } = await this.rpc.call(AccountsRpc.ChangePassword, {
      current_password: body.current_password,
      password: body.password,
      password_confirmation: body.password_confirmation,
    });
    // This session moves to the new generation and stays signed in; every other one of the
    // account still holds an older one and is signed out at its next request.
    const signedIn = sessionUserOf({ ...user, session_version });
    await session.set(signedIn);
    await session.endRememberedLogins(signedIn);
    return { message };
  }

  @CapabilityRoute('GET', 'api/profile/billing', 'profile.manage_own', 'Billing information (pre-filled from the account until saved)', billingAnswerSchema)
  billing(): Promise<{ data: BillingInformationDto }> {
    return this.rpc.call(ProfileRpc.GetBilling, {});
  }

  @CapabilityRoute('PATCH', 'profile/billing', 'profile.manage_own', 'Save the billing form (region required for US, CA and MX; company fields when billing to a company)', messageAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  async updateBilling(@Actor() user: AccountUserDto, @ZodBody(billingRequestSchema, { pass: 'sent' }) body: BillingRequest): Promise<{ message: string }> {
    const { message } = await this.rpc.call(ProfileRpc.UpdateBilling, {
      person: body.person,
      email: body.email,
      phone: body.phone,
      country: body.country,
      region: body.region,
      city: body.city,
      address: body.address,
      zip: body.zip,
      to_company: body.to_company,
      company: body.company,
      company_code: body.company_code,
      vat: body.vat,
    });
    return { message };
  }

  @CapabilityRoute('GET', 'api/profile/company', 'company.view', "The company's details, read-only (company admins); null without a company", companyAnswerSchema)
  async company(@Actor() user: AccountUserDto): Promise<{ data: CompanyDto | null }> {
    if (!user.company_id) return { data: null };
    return this.rpc.call(ProfileRpc.GetCompany, {});
  }

  @Patch('profile/update-newsletter-consent')
  @SignedIn()
  @ApiOperation({ summary: 'Newsletter consent: opt_in 1 subscribes, 0 unsubscribes (recorded with time and version)' })
  @ApiOkResponse({ schema: apiSchema(messageAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'errors.opt_in' })
  async newsletterConsent(@Actor() user: AccountUserDto, @ZodBody(newsletterConsentRequestSchema, { pass: 'sent' }) body: NewsletterConsentRequest): Promise<{ message: string }> {
    // Withdrawing consent is always possible (a banned account too); subscribing needs the capability.
    const capability = binaryFlag(body.opt_in) ? 'newsletter.subscribe' : 'profile.manage_own';
    if (!can(user.roles, capability, { status: user.status })) throw new ForbiddenException({ message: NOT_ALLOWED_MESSAGE });
    const { message } = await this.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: body.opt_in });
    return { message };
  }

  /** The signed-in user's avatar (the guard made them the call's actor). */
  private async avatarImage(reply: FastifyReply): Promise<Buffer> {
    const { data } = await this.rpc.call(ProfileRpc.GetAvatar, {});
    if (!data) throw new NotFoundException({ message: AVATAR_NOT_FOUND_MESSAGE });
    reply
      .header('content-type', data.content_type)
      // Private: the image is served to its signed-in owner; the URL changes (?v=) with every upload.
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return Buffer.from(data.content_base64, 'base64');
  }
}
