import type { ApiError } from '@/lib/api/errors';

export type ApiResult<T> =
  | {
      ok: true;
      value: T;
      /** Credits this answer cost, as the gateway reported it (0 when it did not say). */
      creditBurn: number;
      /** The route path that answered, e.g. `v1/mine`. */
      path: string;
    }
  | { ok: false; error: ApiError };
