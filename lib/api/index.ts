/** The public surface of the API client: everything else in lib/api is an implementation detail. */
export { createEnrichmentClient, type EnrichmentClient } from './client';
export { DEFAULT_TIMEOUT_MS, type EnrichmentClientConfig } from './config';
export { API_ERROR_KINDS, isRetryable, type ApiError, type ApiErrorKind } from './errors';
export type { EmailInput } from './inputs/email';
export type { EnrichCompanyInput, EnrichFlags, FullEnrichInput } from './inputs/enrich';
export type { FindWorkEmailInput } from './inputs/find-email';
export type { MicroblogByUsernameInput } from './inputs/microblog';
export type { ReversePhoneInput, SearchPhoneInput } from './inputs/phone';
export { ERROR_MESSAGES } from './messages';
export type * from './model';
export { redactApiKey } from './redact';
export type { ApiResult } from './result';
export { parseRetryAfter } from './retry-after';
export { ROUTES, type RouteName } from './routes';
