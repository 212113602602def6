import { CountriesRpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CountriesCatalog } from './countries-catalog.js';

@Controller()
export class CountriesRpcController {
  constructor(private readonly countries: CountriesCatalog) {}

  @MessagePattern(CountriesRpc.All.pattern)
  all() {
    return { data: this.countries.all() };
  }

  @MessagePattern(CountriesRpc.Search.pattern)
  search(@Payload() request: { q?: string }) {
    return { data: this.countries.search(request?.q) };
  }
}
