import { CountriesRpc, countrySearchRpcSchema } from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { CountriesCatalog } from './countries-catalog.js';

@Controller()
export class CountriesRpcController {
  constructor(private readonly countries: CountriesCatalog) {}

  @MessagePattern(CountriesRpc.All.pattern)
  all() {
    return { data: this.countries.all() };
  }

  @MessagePattern(CountriesRpc.Search.pattern)
  search(@ZodPayload(countrySearchRpcSchema) request: z.output<typeof countrySearchRpcSchema>) {
    return { data: this.countries.search(request.q) };
  }
}
