import { z } from 'zod';
import type {
  Company,
  CreditBalance,
  Enrichment,
  MicroblogProfile,
  PersonalEmailResult,
  PhoneSearchResult,
  ReversePhoneResult,
  WorkEmailResult,
} from '@/lib/enrichment/model';
import type { Prepared } from '@/lib/enrichment/input-rules';
import { emailInput, type PreparedEmail } from '@/lib/api/inputs/email';
import { enrichCompanyInput, fullEnrichInput } from '@/lib/api/inputs/enrich';
import { findWorkEmailInput } from '@/lib/api/inputs/find-email';
import { microblogByUsernameInput } from '@/lib/api/inputs/microblog';
import { reversePhoneInput, searchPhoneInput, type PreparedPhone } from '@/lib/api/inputs/phone';
import { parseBalance } from '@/lib/api/responses/balance';
import { parseFindEmail } from '@/lib/api/responses/find-email';
import { parseFullEnrichment } from '@/lib/api/responses/full-enrichment';
import { parseMicroblog } from '@/lib/api/responses/microblog';
import { noMatch, parsed, type Parsed } from '@/lib/api/responses/parsed';
import { personalEmailParser } from '@/lib/api/responses/personal-email';
import { parsePhoneSearch } from '@/lib/api/responses/phone-search';
import { reversePhoneParser } from '@/lib/api/responses/reverse-phone';
import type { RouteName } from '@/lib/api/routes';

/** One endpoint of the gateway (not a lookup of lib/lookup, which may call several): where it lives, what it accepts, how its answer is read. */
export interface Endpoint<P extends Prepared, T> {
  route: RouteName;
  input: z.ZodType<P>;
  parse(body: unknown, prepared: P): Parsed<T>;
}

function endpoint<P extends Prepared, T>(definition: Endpoint<P, T>): Endpoint<P, T> {
  return definition;
}

const noInput = z.unknown().transform((): Prepared => ({ params: {} }));

export const ENDPOINTS = {
  fullEnrich: endpoint<Prepared, Enrichment>({ route: 'fullEnrich', input: fullEnrichInput, parse: parseFullEnrichment }),
  enrichCompany: endpoint<Prepared, Company>({
    route: 'fullEnrich',
    input: enrichCompanyInput,
    parse: (body) => {
      const result = parseFullEnrichment(body);
      if (!result.ok) return result;
      return result.value.company ? parsed(result.value.company) : noMatch('The answer holds no company.');
    },
  }),
  findWorkEmail: endpoint<Prepared, WorkEmailResult>({ route: 'findWorkEmail', input: findWorkEmailInput, parse: parseFindEmail }),
  searchPhone: endpoint<Prepared, PhoneSearchResult>({ route: 'searchPhone', input: searchPhoneInput, parse: parsePhoneSearch }),
  searchPersonalEmail: endpoint<PreparedEmail, PersonalEmailResult>({
    route: 'searchPersonalEmail',
    input: emailInput,
    parse: (body, prepared) => personalEmailParser(prepared.email)(body),
  }),
  reversePhone: endpoint<PreparedPhone, ReversePhoneResult>({
    route: 'reversePhone',
    input: reversePhoneInput,
    parse: (body, prepared) => reversePhoneParser(prepared.phone)(body),
  }),
  microblogByUsername: endpoint<Prepared, MicroblogProfile>({
    route: 'microblogByUsername',
    input: microblogByUsernameInput,
    parse: parseMicroblog,
  }),
  microblogByEmail: endpoint<PreparedEmail, MicroblogProfile>({ route: 'microblogByEmail', input: emailInput, parse: parseMicroblog }),
  getCredits: endpoint<Prepared, CreditBalance>({ route: 'getCredits', input: noInput, parse: parseBalance }),
};
