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

/** One operation: where it lives, what it accepts, how its answer is read. */
export interface Operation<P extends Prepared, T> {
  route: RouteName;
  input: z.ZodType<P>;
  parse(body: unknown, prepared: P): Parsed<T>;
}

function operation<P extends Prepared, T>(definition: Operation<P, T>): Operation<P, T> {
  return definition;
}

const noInput = z.unknown().transform((): Prepared => ({ params: {} }));

export const OPERATIONS = {
  fullEnrich: operation<Prepared, Enrichment>({ route: 'fullEnrich', input: fullEnrichInput, parse: parseFullEnrichment }),
  enrichCompany: operation<Prepared, Company>({
    route: 'fullEnrich',
    input: enrichCompanyInput,
    parse: (body) => {
      const result = parseFullEnrichment(body);
      if (!result.ok) return result;
      return result.value.company ? parsed(result.value.company) : noMatch('The answer holds no company.');
    },
  }),
  findWorkEmail: operation<Prepared, WorkEmailResult>({ route: 'findWorkEmail', input: findWorkEmailInput, parse: parseFindEmail }),
  searchPhone: operation<Prepared, PhoneSearchResult>({ route: 'searchPhone', input: searchPhoneInput, parse: parsePhoneSearch }),
  searchPersonalEmail: operation<PreparedEmail, PersonalEmailResult>({
    route: 'searchPersonalEmail',
    input: emailInput,
    parse: (body, prepared) => personalEmailParser(prepared.email)(body),
  }),
  reversePhone: operation<PreparedPhone, ReversePhoneResult>({
    route: 'reversePhone',
    input: reversePhoneInput,
    parse: (body, prepared) => reversePhoneParser(prepared.phone)(body),
  }),
  microblogByUsername: operation<Prepared, MicroblogProfile>({
    route: 'microblogByUsername',
    input: microblogByUsernameInput,
    parse: parseMicroblog,
  }),
  microblogByEmail: operation<PreparedEmail, MicroblogProfile>({ route: 'microblogByEmail', input: emailInput, parse: parseMicroblog }),
  getCredits: operation<Prepared, CreditBalance>({ route: 'getCredits', input: noInput, parse: parseBalance }),
};
