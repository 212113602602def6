import type { CountryDto } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import countries, { type LocaleData } from 'i18n-iso-countries/index.js';
import { createRequire } from 'node:module';

// English names only: the package's entry point registers those of its 80 languages (about 2 MB
// of heap), and only English is read here.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData);

/** Lower case without accents, so "cote" finds "Côte d'Ivoire". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

interface Entry {
  country: CountryDto;
  /** Folded official name and aliases ("United States", "USA", ...). */
  names: string[];
}

/**
 * ISO 3166-1 countries with English names (i18n-iso-countries), built once. Ids are alpha-2
 * codes, the ones billing and company addresses store.
 */
@Injectable()
export class CountriesCatalog {
  private readonly entries: Entry[];
  private readonly byId: Map<string, CountryDto>;

  constructor() {
    const official = countries.getNames('en', { select: 'official' });
    const all = countries.getNames('en', { select: 'all' }) as unknown as Record<string, string[]>;
    this.entries = Object.entries(official)
      .map(([id, name]) => ({ country: { id, name }, names: [name, ...(all[id] ?? [])].map(fold) }))
      .sort((a, b) => a.country.name.localeCompare(b.country.name, 'en'));
    this.byId = new Map(this.entries.map((e) => [e.country.id, e.country]));
  }

  all(): CountryDto[] {
    return this.entries.map((e) => e.country);
  }

  /** Valid alpha-2 id (case-insensitive)? */
  isCountry(id: unknown): boolean {
    return typeof id === 'string' && this.byId.has(id.trim().toUpperCase());
  }

  name(id: string): string {
    return this.byId.get(id.toUpperCase())?.name ?? id;
  }

  /**
   * Countries matching `q` on the id or a name (spec: "Country search matches on the country
   * id"): the exact id first, then names starting with `q`, then names containing it.
   */
  search(q: unknown): CountryDto[] {
    const query = typeof q === 'string' ? fold(q.trim()) : '';
    if (!query) return this.all();
    const exact: CountryDto[] = [];
    const prefix: CountryDto[] = [];
    const contains: CountryDto[] = [];
    for (const { country, names } of this.entries) {
      if (country.id.toLowerCase() === query) exact.push(country);
      else if (names.some((n) => n.startsWith(query))) prefix.push(country);
      else if (names.some((n) => n.includes(query))) contains.push(country);
    }
    return [...exact, ...prefix, ...contains];
  }
}
