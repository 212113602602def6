import { AccountMessages, safeRedirect, textOf, type BillingInformationDto, type billingUpdateRequestSchema } from '@aero/contracts';
import type { ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fullName, UserDirectory, type UserRecord } from '../common/user-directory.js';
import { CountriesCatalog } from '../countries/countries-catalog.js';
import { checkedBilling } from './billing-rules.js';

type BillingRow = Omit<BillingInformationDto, 'updated_at'> & { updated_at: Date };

/** The actor's billing information (one row per user); only ever the actor's own. */
@Injectable()
export class BillingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
    private readonly countries: CountriesCatalog,
  ) {}

  async get(ctx: RequestContext): Promise<{ data: BillingInformationDto }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const [row]: BillingRow[] = await this.dataSource.query(
      `SELECT person, email, phone, trim(country) AS country, region, city, address, zip, to_company, company, company_code, vat, updated_at
         FROM accounts_invitations.billing_information WHERE user_id = $1`,
      [actor.id],
    );
    return { data: row ? { ...row, updated_at: row.updated_at.toISOString() } : await this.prefill(actor) };
  }

  /**
   * The billing form: 422 per field (a country id that names no country among them), else
   * "Billing information updated successfully." Without `to_company` the company fields are cleared.
   */
  async update(ctx: RequestContext, form: ParsedForm<typeof billingUpdateRequestSchema>): Promise<{ message: string; data: BillingInformationDto; redirect: string | null }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const country = textOf(form.sent.country)?.toUpperCase();
    if (!form.has('country') && country && !this.countries.isCountry(country)) form.add('country', AccountMessages.invalidChoice('country'));
    const request = form.parsed();
    const value = checkedBilling(request);
    const [row]: BillingRow[] = await this.dataSource.query(
      `INSERT INTO accounts_invitations.billing_information
         (user_id, person, email, phone, country, region, city, address, zip, to_company, company, company_code, vat)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (user_id) DO UPDATE SET person = EXCLUDED.person, email = EXCLUDED.email, phone = EXCLUDED.phone,
         country = EXCLUDED.country, region = EXCLUDED.region, city = EXCLUDED.city, address = EXCLUDED.address,
         zip = EXCLUDED.zip, to_company = EXCLUDED.to_company, company = EXCLUDED.company,
         company_code = EXCLUDED.company_code, vat = EXCLUDED.vat, updated_at = now()
       RETURNING person, email, phone, trim(country) AS country, region, city, address, zip, to_company, company, company_code, vat, updated_at`,
      [
        actor.id,
        value.person,
        value.email,
        value.phone,
        value.country,
        value.region,
        value.city,
        value.address,
        value.zip,
        value.to_company,
        value.company,
        value.company_code,
        value.vat,
      ],
    );
    const redirect = request.redirect === undefined ? null : safeRedirect(request.redirect, '/profile');
    return { message: AccountMessages.billingUpdated, data: { ...row, updated_at: row.updated_at.toISOString() }, redirect };
  }

  /** Never saved: start from the account (and the company's address for company accounts). */
  private async prefill(user: UserRecord): Promise<BillingInformationDto> {
    const [company]: { name: string; code: string | null; vat_number: string | null; country: string; city: string; address: string; zip: string }[] =
      user.company_id
        ? await this.dataSource.query(
            `SELECT name, code, vat_number, country, city, address, zip FROM accounts_invitations.companies WHERE id = $1`,
            [user.company_id],
          )
        : [];
    const billsCompany = user.type === 'company' && company !== undefined;
    return {
      person: fullName(user),
      email: user.email,
      phone: '',
      country: company?.country ?? '',
      region: '',
      city: company?.city ?? '',
      address: company?.address ?? '',
      zip: company?.zip ?? '',
      to_company: billsCompany,
      company: billsCompany ? company.name : '',
      company_code: billsCompany ? (company.code ?? '') : '',
      vat: billsCompany ? (company.vat_number ?? '') : '',
      updated_at: null,
    };
  }
}
