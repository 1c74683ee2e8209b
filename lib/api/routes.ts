/**
 * Where each operation lives, relative to the base URL: the interface's path first, then the
 * aliases the live gateway is known to answer on (see gateway-notes.md, "Paths"). A path is
 * skipped only when the gateway says the route does not exist (404 without a `{code}` body).
 */
export const ROUTES = {
  fullEnrich: ['v2/full'],
  findWorkEmail: ['v6/findEmail', 'v8/findEmail'],
  searchPhone: ['v1/search'],
  searchPersonalEmail: ['v1/searchByEmail', 'v1/reverse_email'],
  reversePhone: ['v1/searchByPhone', 'v1/reverse_phone_lookup'],
  microblogByUsername: ['v1/twitter/by_username'],
  microblogByEmail: ['v1/twitter/by_email'],
  getCredits: ['v1/getCredit', 'v1/mine'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type RouteName = keyof typeof ROUTES;
