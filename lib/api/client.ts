import { resolveConfig, type EnrichmentClientConfig, type ResolvedConfig } from '@/lib/api/config';
import { apiError } from '@/lib/api/errors';
import type { EmailInput } from '@/lib/api/inputs/email';
import type { EnrichCompanyInput, FullEnrichInput } from '@/lib/api/inputs/enrich';
import type { FindWorkEmailInput } from '@/lib/api/inputs/find-email';
import type { MicroblogByUsernameInput } from '@/lib/api/inputs/microblog';
import type { ReversePhoneInput, SearchPhoneInput } from '@/lib/api/inputs/phone';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import { ENDPOINTS, type Endpoint } from '@/lib/api/endpoints';
import type { Prepared } from '@/lib/enrichment/input-rules';
import { block, readCreditBurn } from '@/lib/api/responses/fields';
import type { ApiResult } from '@/lib/api/result';
import { ROUTES, type RouteName } from '@/lib/api/routes';
import { judge } from '@/lib/api/interpret';
import { send } from '@/lib/api/transport';

/** What an endpoint answers: the type its `parse` gives, declared once, in lib/api/endpoints.ts. */
type AnswerOf<K extends keyof typeof ENDPOINTS> = (typeof ENDPOINTS)[K] extends Endpoint<infer _P, infer T> ? T : never;

export interface EnrichmentClient {
  fullEnrich(input: FullEnrichInput): Promise<ApiResult<AnswerOf<'fullEnrich'>>>;
  enrichCompany(input: EnrichCompanyInput): Promise<ApiResult<AnswerOf<'enrichCompany'>>>;
  findWorkEmail(input: FindWorkEmailInput): Promise<ApiResult<AnswerOf<'findWorkEmail'>>>;
  searchPhone(input: SearchPhoneInput): Promise<ApiResult<AnswerOf<'searchPhone'>>>;
  searchPersonalEmail(input: EmailInput): Promise<ApiResult<AnswerOf<'searchPersonalEmail'>>>;
  reversePhone(input: ReversePhoneInput): Promise<ApiResult<AnswerOf<'reversePhone'>>>;
  microblogByUsername(input: MicroblogByUsernameInput): Promise<ApiResult<AnswerOf<'microblogByUsername'>>>;
  microblogByEmail(input: EmailInput): Promise<ApiResult<AnswerOf<'microblogByEmail'>>>;
  getCredits(): Promise<ApiResult<AnswerOf<'getCredits'>>>;
  /**
   * The same client (same settings, same learned paths) whose calls first await `beforeSend`
   * once, after the rate slot and right before their first request leaves. The lookup service
   * writes its journal there: a call still waiting for a slot when the worker stops never left,
   * and must not come back as an answer that may have been charged.
   */
  sending?(beforeSend: () => Promise<void>): EnrichmentClient;
}

/**
 * The only code in Dossier that talks to the enrichment service. Every call resolves to an
 * ApiResult; nothing is thrown, whatever the input, the network or the gateway does.
 */
export function createEnrichmentClient(config: EnrichmentClientConfig): EnrichmentClient {
  // The path that last answered, per endpoint: a gateway that only knows the alias costs one miss, once.
  return clientOf(resolveConfig(config), new Map<RouteName, string>());
}

function clientOf(resolved: ResolvedConfig, workingPath: Map<RouteName, string>): EnrichmentClient {
  const call = <P extends Prepared, T>(endpoint: Endpoint<P, T>, input: unknown) => run(resolved, workingPath, endpoint, input);
  return {
    fullEnrich: (input) => call(ENDPOINTS.fullEnrich, input),
    enrichCompany: (input) => call(ENDPOINTS.enrichCompany, input),
    findWorkEmail: (input) => call(ENDPOINTS.findWorkEmail, input),
    searchPhone: (input) => call(ENDPOINTS.searchPhone, input),
    searchPersonalEmail: (input) => call(ENDPOINTS.searchPersonalEmail, input),
    reversePhone: (input) => call(ENDPOINTS.reversePhone, input),
    microblogByUsername: (input) => call(ENDPOINTS.microblogByUsername, input),
    microblogByEmail: (input) => call(ENDPOINTS.microblogByEmail, input),
    getCredits: () => call(ENDPOINTS.getCredits, undefined),
    sending(beforeSend) {
      let told: Promise<void> | null = null;
      const beforeRequest = async () => {
        const slot = await resolved.beforeRequest?.();
        try {
          await (told ??= beforeSend());
        } catch (error) {
          slot?.unused();
          throw error;
        }
        return slot;
      };
      return clientOf({ ...resolved, beforeRequest }, workingPath);
    },
  };
}

async function run<P extends Prepared, T>(
  config: ResolvedConfig,
  workingPath: Map<RouteName, string>,
  endpoint: Endpoint<P, T>,
  input: unknown,
): Promise<ApiResult<T>> {
  const key = config.apiKey;
  try {
    const prepared = endpoint.input.safeParse(input);
    if (!prepared.success) {
      const message = prepared.error.issues[0]?.message ?? INPUT_MESSAGES.notAnObject();
      return { ok: false, error: apiError('invalid_input', { message }, key) };
    }
    if (!key) return { ok: false, error: apiError('invalid_key', { message: INPUT_MESSAGES.noKey() }, key) };
    const base = config.base;
    if (!base) return { ok: false, error: apiError('invalid_input', { message: INPUT_MESSAGES.badBaseUrl() }, key) };

    const sent = await send({ ...config, base }, orderedPaths(endpoint.route, workingPath), prepared.data.params);
    if (!sent.ok) return sent;
    // Any answer but a missing route proves the path exists, an error body included.
    workingPath.set(endpoint.route, sent.reply.path);
    const judged = judge(sent.reply, key);
    if (!judged.ok) {
      if (judged.error.kind === 'rate_limited' && judged.error.retryAfterMs !== undefined) config.onRetryAfter?.(judged.error.retryAfterMs);
      return judged;
    }

    const result = endpoint.parse(judged.body, prepared.data);
    if (!result.ok) {
      const detail = `HTTP ${sent.reply.status} from ${sent.reply.path}: ${result.detail}`;
      // A 200 we cannot read may still have been charged.
      return { ok: false, error: apiError(result.kind, { status: sent.reply.status, detail, answerLost: true }, key) };
    }
    // The interface's record sits in `data`; a cost reported there counts as well.
    const top = block.parse(judged.body);
    const creditBurn = readCreditBurn(top, block.parse(top?.data)) ?? 0;
    return { ok: true, value: result.value, creditBurn, path: sent.reply.path };
  } catch (thrown) {
    // A defect of ours must still reach the caller as data, and without the key.
    const detail = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
    return { ok: false, error: apiError('unexpected_response', { detail: `Dossier could not read the answer: ${detail}`, answerLost: true }, key) };
  }
}

function orderedPaths(route: RouteName, workingPath: Map<RouteName, string>): string[] {
  const paths: readonly string[] = ROUTES[route];
  const known = workingPath.get(route);
  return known ? [known, ...paths.filter((path) => path !== known)] : [...paths];
}
