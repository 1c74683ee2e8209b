/** What a history entry can end in, apart from the entry's schema: the history page's first paint lists them before zod is in. */
export const OUTCOMES = ['paid', 'free', 'cached', 'miss', 'failed', 'refused', 'unknown', 'difference'] as const;
export type Outcome = (typeof OUTCOMES)[number];
