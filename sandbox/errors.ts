/**
 * The gateway's error bodies, `{code, message}` in gRPC status style, with the HTTP status
 * grpc-gateway maps each code to (see gateway-notes.md). One place, so every route agrees.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429 | 500 | 504,
    readonly code: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  get body(): { code: number; message: string } {
    return { code: this.code, message: this.message };
  }
}

export const invalidKey = () => new ApiError(401, 16, 'apiId is not valid');
export const noCredit = () => new ApiError(500, 13, "can't get credit");
export const notFound = () => new ApiError(404, 5, 'Not found');
export const badRequest = (message: string) => new ApiError(400, 3, message);
export const restricted = (message: string) => new ApiError(403, 7, message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 8, 'Too many requests: at most 10 per second per apiId', { 'Retry-After': String(retryAfterSeconds) });
