import {
  AccountErrorCode,
  AccountMessages,
  textOf,
  type accountDataRequestSchema,
  type CompanyDto,
  type PersonalInformationDto,
  type personalInformationRequestSchema,
  type ProfileDto,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { CompanyInput } from '../accounts/registration-rules.js';
import { AccountErrors, isUniqueViolation } from '../common/account-errors.js';
import { toUserDto, UserDirectory, type UserRecord } from '../common/user-directory.js';
import { CountriesCatalog } from '../countries/countries-catalog.js';
import { checkedPersonalInfo } from './personal-info-rules.js';

/** The company's row: the details registration wrote, and its review. */
interface CompanyRow extends CompanyInput {
  id: string;
  kyc_status: CompanyDto['kyc_status'];
  status: CompanyDto['status'];
  review_until: Date | null;
}

function personalInfo(user: UserRecord): PersonalInformationDto {
  return {
    birth_date: user.birth_date,
    gender: user.gender,
    birth_place: user.birth_place,
    filled: user.personal_info_filled_at !== null,
    filled_at: user.personal_info_filled_at?.toISOString() ?? null,
  };
}

/** Company admins are the users with the `company` role in that company. */
export function isCompanyAdmin(user: UserRecord): boolean {
  return user.company_id !== null && user.roles.includes('company');
}

/**
 * The actor's own profile: account data, personal information (fillable once), the company
 * details (read-only, company admins only) and the KYC panel. Every method works on the actor
 * named by the gateway session; there is no way to name another user.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
    private readonly countries: CountriesCatalog,
  ) {}

  async get(ctx: RequestContext): Promise<{ data: ProfileDto }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    return { data: await this.profile(actor) };
  }

  /**
   * Nick and names (a field not sent keeps its value); the e-mail is read-only (changing it would
   * need a re-verification flow). A nick taken and an e-mail change are said with the form's
   * other problems.
   */
  async updateAccount(ctx: RequestContext, form: ParsedForm<typeof accountDataRequestSchema>): Promise<{ message: string; data: ProfileDto }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const sentEmail = textOf(form.sent.email);
    if (!form.has('email') && sentEmail && sentEmail.toLowerCase() !== actor.email.toLowerCase()) {
      form.add('email', AccountMessages.emailChangeNotSupported);
    }
    const sentNick = textOf(form.sent.nick);
    if (!form.has('nick') && sentNick && sentNick.toLowerCase() !== actor.nick.toLowerCase()) {
      const [taken]: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM accounts_invitations.users WHERE lower(nick) = lower($1) AND id <> $2`,
        [sentNick, actor.id],
      );
      if (taken) form.add('nick', AccountMessages.nickTaken);
    }
    const request = form.parsed();
    const nick = request.nick?.trim() ?? actor.nick;
    const firstName = request.first_name?.trim() ?? actor.first_name;
    const lastName = request.last_name?.trim() ?? actor.last_name;
    try {
      await this.dataSource.query(
        `UPDATE accounts_invitations.users SET nick = $2, first_name = $3, last_name = $4, updated_at = now() WHERE id = $1`,
        [actor.id, nick, firstName, lastName],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'users_nick_uq')) throw AccountErrors.field('nick', AccountMessages.nickTaken);
      throw error;
    }
    return { message: AccountMessages.accountUpdated, data: await this.profile(await this.users.requireActor(ctx)) };
  }

  /** Fillable once: the conditional update lets only the first of two concurrent attempts through. */
  async savePersonalInfo(ctx: RequestContext, request: z.output<typeof personalInformationRequestSchema>): Promise<{ message: string; data: PersonalInformationDto }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    if (actor.personal_info_filled_at) throw this.alreadyFilled();
    const value = checkedPersonalInfo(request);
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE accounts_invitations.users
          SET birth_date = $2, gender = $3, birth_place = $4, personal_info_filled_at = now(), updated_at = now()
        WHERE id = $1 AND personal_info_filled_at IS NULL`,
      [actor.id, value.birth_date, value.gender, value.birth_place],
    );
    if (count !== 1) throw this.alreadyFilled();
    const user = await this.users.requireActor(ctx);
    return { message: AccountMessages.personalInfoSaved, data: personalInfo(user) };
  }

  async company(ctx: RequestContext): Promise<{ data: CompanyDto }> {
    const actor = await this.users.requireActor(ctx, 'company.view');
    if (!actor.company_id) throw AccountErrors.companyNotFound();
    // "company data only by its company's admins": other members of the company are refused too.
    if (!isCompanyAdmin(actor)) throw AccountErrors.forbidden();
    const company = await this.companyDto(actor.company_id);
    if (!company) throw AccountErrors.companyNotFound();
    return { data: company };
  }

  private alreadyFilled(): DomainError {
    return new DomainError(AccountErrorCode.PersonalInfoFilled, AccountMessages.personalInfoAlreadyFilled, 422, {
      personal_information: [AccountMessages.personalInfoAlreadyFilled],
    });
  }

  private async profile(user: UserRecord): Promise<ProfileDto> {
    const company = isCompanyAdmin(user) && user.company_id ? await this.companyDto(user.company_id) : null;
    const kyc = user.company_id
      ? company
        ? { status: company.kyc_status, ...(await this.companyKycReason(company.id)) }
        : null
      : user.kyc_status
        ? { status: user.kyc_status, reason: user.kyc_reason, decided_at: user.kyc_decided_at?.toISOString() ?? null }
        : null;
    return {
      ...toUserDto(user),
      email_change_supported: false,
      personal_information: personalInfo(user),
      company,
      kyc,
    };
  }

  private async companyKycReason(companyId: string): Promise<{ reason: string | null; decided_at: string | null }> {
    const [row]: { kyc_reason: string | null; kyc_decided_at: Date | null }[] = await this.dataSource.query(
      `SELECT kyc_reason, kyc_decided_at FROM accounts_invitations.companies WHERE id = $1`,
      [companyId],
    );
    return { reason: row?.kyc_reason ?? null, decided_at: row?.kyc_decided_at?.toISOString() ?? null };
  }

  private async companyDto(companyId: string): Promise<CompanyDto | null> {
    const [row]: CompanyRow[] = await this.dataSource.query(
      `SELECT id, name, code, vat_number, country, city, address, zip, kyc_status, status, review_until
         FROM accounts_invitations.companies WHERE id = $1`,
      [companyId],
    );
    if (!row) return null;
    const reviewOver = row.status === 'compliance_review' && (!row.review_until || row.review_until.getTime() <= Date.now());
    return {
      ...row,
      country_name: this.countries.name(row.country),
      status: reviewOver ? 'active' : row.status,
      review_until: reviewOver ? null : (row.review_until?.toISOString() ?? null),
      editable: false,
      change_request_message: AccountMessages.companyReadOnly,
    };
  }
}
