/**
 * At most `limit` accepted requests per key in any window of `windowMs` (a sliding log, so a
 * burst straddling a second boundary is still caught). Refused requests are not logged, so a
 * client that backs off for Retry-After always gets through.
 */
export class SlidingWindowLimiter {
  readonly #accepted = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 1000,
  ) {}

  take(key: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const recent = (this.#accepted.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.#accepted.set(key, recent);
      const oldest = recent[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.#accepted.set(key, recent);
    return { ok: true };
  }

  reset(): void {
    this.#accepted.clear();
  }
}
