import { ok, type CrmError, type CrmResult } from '@/lib/crm/types';

/**
 * An OAuth CRM's access token, renewed from its refresh token when the CRM says it expired (401):
 * the call is repeated once with the new token. Calls that expire together share one refresh
 * (a refresh token may be rate-limited, and two refreshes would each mint a token). What the
 * refresh learns (the token, and where the API now lives) goes to `learn`, which keeps it for the
 * adapter's next calls and the stored connection; the new token joins `secrets`, so that it too
 * is scrubbed from every message.
 */
export function createTokenSession<Learnt extends { token: string }>(options: {
  secrets: string[];
  refresh: () => Promise<CrmResult<Learnt>>;
  learn: (learnt: Learnt) => Promise<void>;
  /**
   * Whether a refusal means the token expired. Every 401 by default; Zoho also answers 401 for a
   * scope the token lacks, which a new token (with the same scopes) cannot cure, and its refresh
   * tokens mint at most ten access tokens in ten minutes.
   */
  expired?: (error: CrmError) => boolean;
}) {
  const expired = options.expired ?? ((error: CrmError) => error.status === 401);
  let refreshing: Promise<CrmResult<void>> | null = null;

  function refreshOnce(): Promise<CrmResult<void>> {
    refreshing ??= (async (): Promise<CrmResult<void>> => {
      const answer = await options.refresh();
      if (!answer.ok) return answer;
      options.secrets.push(answer.value.token);
      await options.learn(answer.value);
      return ok(undefined);
    })().finally(() => (refreshing = null));
    return refreshing;
  }

  return {
    /** `call` (which reads the current token), repeated once after a refresh if the CRM answered 401. */
    async withFreshToken<T>(call: () => Promise<CrmResult<T>>): Promise<CrmResult<T>> {
      const result = await call();
      if (result.ok || !expired(result.error)) return result;
      const refreshed = await refreshOnce();
      return refreshed.ok ? call() : refreshed;
    },
  };
}
