import { CountriesRpc, countryListSchema, countrySearchQuerySchema, type CountrySearchQuery } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { ZodQuery } from '../../validation/zod-params.js';
import { AccountRoutes } from '../account-routes.decorator.js';

/** The country selector (public): answers passed on as accounts-invitations wrote them. */
@ApiTags('countries')
@AccountRoutes()
@Controller('countries')
export class CountriesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Every country: ISO 3166 alpha-2 id and English name, by name' })
  @ApiOkResponse({ schema: apiSchema(countryListSchema) })
  all(): Promise<RawJson<{ data: { id: string; name: string }[] }>> {
    return this.rpc.callRaw(CountriesRpc.All, {});
  }

  @Get('search')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Countries whose id or name matches q (the exact id first)' })
  @ApiOkResponse({ schema: apiSchema(countryListSchema) })
  search(@ZodQuery(countrySearchQuerySchema, { pass: 'sent' }) query: CountrySearchQuery): Promise<RawJson<{ data: { id: string; name: string }[] }>> {
    return this.rpc.callRaw(CountriesRpc.Search, { q: query.q });
  }
}
