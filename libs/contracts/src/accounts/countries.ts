/** A country of the country selector (spec: shop §3 "Country: id, name"): ISO 3166 alpha-2 id, English name. */
export interface CountryDto {
  id: string;
  name: string;
}
