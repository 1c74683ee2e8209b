/**
 * One token refresh for every adapter that sends the same refresh token. The worker builds an
 * adapter per push and per "already in your CRM?" check, and each keeps the tokens it was built
 * with: two that find their session expired together would each send the refresh token, and a
 * CRM that rotates refresh tokens (Salesforce's recommended setting) retires it on the first and
 * revokes the whole grant on the second; one that limits new tokens (Zoho: ten in ten minutes)
 * spends two. So a refresh sent with a token is shared, while in flight and for a while after, by
 * every adapter that sends that token.
 */
export type ShareRefresh = <T>(refreshToken: string, refresh: () => Promise<T>) => Promise<T>;

/** Longer than any push or check an adapter lives for; shorter than any access token lives. */
const SHARED_FOR_MS = 5 * 60_000;

export function createSharedRefresh(now: () => number): ShareRefresh {
  const sent = new Map<string, { at: number; answer: Promise<unknown> }>();
  return <T>(refreshToken: string, refresh: () => Promise<T>): Promise<T> => {
    const t = now();
    for (const [token, entry] of sent) if (t - entry.at >= SHARED_FOR_MS) sent.delete(token);
    const known = sent.get(refreshToken);
    if (known) return known.answer as Promise<T>;
    const answer = refresh();
    sent.set(refreshToken, { at: t, answer });
    // A refused refresh is not kept: the next one may succeed (the admin changed a setting).
    answer.then(
      (result) => {
        if (typeof result === 'object' && result !== null && 'ok' in result && result.ok === false) sent.delete(refreshToken);
      },
      () => sent.delete(refreshToken),
    );
    return answer;
  };
}
