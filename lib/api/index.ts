/** The public surface of the API client: everything else in lib/api is an implementation detail. */
export { createEnrichmentClient, type EnrichmentClient } from '@/lib/api/client';
export { DEFAULT_TIMEOUT_MS, type EnrichmentClientConfig } from '@/lib/api/config';
export { API_ERROR_KINDS, isRetryable, type ApiError, type ApiErrorKind } from '@/lib/api/errors';
export type { EmailInput } from '@/lib/api/inputs/email';
export type { EnrichCompanyInput, EnrichFlags, FullEnrichInput } from '@/lib/api/inputs/enrich';
export type { FindWorkEmailInput } from '@/lib/api/inputs/find-email';
export type { MicroblogByUsernameInput } from '@/lib/api/inputs/microblog';
export type { ReversePhoneInput, SearchPhoneInput } from '@/lib/api/inputs/phone';
export { ERROR_MESSAGES } from '@/lib/enrichment/messages';
export type * from '@/lib/enrichment/model';
export { redactApiKey } from '@/lib/api/redact';
export type { ApiResult } from '@/lib/api/result';
export { parseRetryAfter } from '@/lib/api/retry-after';
export { ROUTES, type RouteName } from '@/lib/api/routes';
