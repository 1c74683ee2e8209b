import type { MiddlewareHandler } from 'hono';

/** The key is a secret even in a sandbox's log: users paste real keys into the wrong place. */
export function redactApiId(pathAndQuery: string): string {
  return pathAndQuery.replace(/([?&]apiId=)[^&#]*/gi, '$1***');
}

/** One line per request: method, path with query (key redacted), status, duration. */
export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    log(`${c.req.method} ${redactApiId(url.pathname + url.search)} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  };
}
