import { describe, expectTypeOf, it } from 'vitest';
import type { EnrichmentClient } from '@/lib/api/client';
import type { ApiResult } from '@/lib/api/result';
import type { Company, CreditBalance, Enrichment, MicroblogProfile, PersonalEmailResult, PhoneSearchResult, ReversePhoneResult, WorkEmailResult } from '@/lib/enrichment/model';

/** Checked by `tsc` (npm run typecheck): each call answers the type its endpoint's parser gives. */
type Answer<K extends keyof EnrichmentClient> = Awaited<ReturnType<NonNullable<EnrichmentClient[K]>>>;

describe('the client’s answer types come from its endpoints (lib/api/endpoints.ts)', () => {
  it('types each call by what its endpoint parses', () => {
    expectTypeOf<Answer<'fullEnrich'>>().toEqualTypeOf<ApiResult<Enrichment>>();
    expectTypeOf<Answer<'enrichCompany'>>().toEqualTypeOf<ApiResult<Company>>();
    expectTypeOf<Answer<'findWorkEmail'>>().toEqualTypeOf<ApiResult<WorkEmailResult>>();
    expectTypeOf<Answer<'searchPhone'>>().toEqualTypeOf<ApiResult<PhoneSearchResult>>();
    expectTypeOf<Answer<'searchPersonalEmail'>>().toEqualTypeOf<ApiResult<PersonalEmailResult>>();
    expectTypeOf<Answer<'reversePhone'>>().toEqualTypeOf<ApiResult<ReversePhoneResult>>();
    expectTypeOf<Answer<'microblogByUsername'>>().toEqualTypeOf<ApiResult<MicroblogProfile>>();
    expectTypeOf<Answer<'microblogByEmail'>>().toEqualTypeOf<ApiResult<MicroblogProfile>>();
    expectTypeOf<Answer<'getCredits'>>().toEqualTypeOf<ApiResult<CreditBalance>>();
  });
});
