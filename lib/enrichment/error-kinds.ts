/** What can go wrong with a gateway call, named once: the errors and their sentences both depend on it. */
export const API_ERROR_KINDS = [
  'invalid_key',
  'no_credits',
  'no_match',
  'invalid_input',
  'restricted',
  'rate_limited',
  'server_error',
  'network_error',
  'timeout',
  'cancelled',
  'unexpected_response',
] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];
