import { Hono, type Context } from 'hono';
import { ApiError, invalidKey, noCredit, rateLimited } from '@/sandbox/errors';
import { incomingOf, type ConnectionLog } from '@/sandbox/connections';
import { AFTER_CHARGE_FAULTS, loseAnswer, respondToFault, type FaultQueue } from '@/sandbox/faults';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { OPERATIONS } from '@/sandbox/operations';
import type { Answer, Operation } from '@/sandbox/operations/operation';
import { QueryParams } from '@/sandbox/params';
import type { SlidingWindowLimiter } from '@/sandbox/rate-limit';
import type { SandboxState } from '@/sandbox/state';

export interface IngressDeps {
  state: SandboxState;
  faults: FaultQueue;
  limiter: SlidingWindowLimiter;
  index: DirectoryIndex;
  now: () => number;
  connections: ConnectionLog;
}

function errorResponse(c: Context, error: ApiError): Response {
  return c.json(error.body, error.status, { ...error.headers });
}

/**
 * The `/api/ingress` routes. A request goes through: authentication (the key is compared
 * as sent: trimming is the client's job), the request counter, an injected fault if one is
 * queued, the rate limit, the lookup, then billing. Only the last step changes a balance.
 */
export function ingressRoutes(deps: IngressDeps): Hono {
  const routes = new Hono();
  for (const operation of OPERATIONS) {
    for (const path of operation.paths) routes.get(path, (c) => serve(c, deps, operation, path));
  }
  return routes;
}

async function serve(c: Context, deps: IngressDeps, operation: Operation, path: string): Promise<Response> {
  const search = new URL(c.req.url).searchParams;
  const keys = new Set(search.getAll('apiId'));
  const apiId = keys.size === 1 ? [...keys][0] : undefined;
  if (apiId === undefined || !deps.state.hasKey(apiId)) return errorResponse(c, invalidKey());
  deps.state.countRequest(apiId);

  const fault = deps.faults.take(apiId);
  const incoming = incomingOf(c.env);
  deps.connections.record(apiId, new URL(c.req.url), deps.connections.tag(incoming), { fault: fault?.kind ?? null, connectionHeader: c.req.header('connection') ?? null }, new Date(deps.now()));
  if (fault) {
    const faulted = await respondToFault(fault, c.req.raw.signal);
    if (faulted !== 'proceed') return faulted;
  }

  const gate = deps.limiter.take(apiId, deps.now());
  if (!gate.ok) return errorResponse(c, rateLimited(gate.retryAfterSeconds));

  const balance = deps.state.balance(apiId) ?? 0;
  let answer: Answer;
  try {
    answer = operation.handle({ params: new QueryParams(search), index: deps.index, balance });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An empty account is refused before any lookup happens; only a malformed request is told so first.
    if (operation.billable && balance === 0 && error.status !== 400) return errorResponse(c, noCredit());
    return errorResponse(c, error);
  }
  if (operation.billable && (balance === 0 || answer.cost > balance)) return errorResponse(c, noCredit());
  deps.state.charge(apiId, { path, operation: operation.name, creditBurn: answer.cost });
  const served = c.json(answer.body as object, 200);
  return fault && AFTER_CHARGE_FAULTS.has(fault.kind) ? loseAnswer(fault, served, c.req.raw.signal, incoming?.socket) : served;
}
