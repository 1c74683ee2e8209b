import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/api';

const NOW = Date.parse('2026-09-15T10:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['7', 7000],
    [' 120 ', 120_000],
    ['1.5', 1500],
    ['Tue, 15 Sep 2026 10:00:30 GMT', 30_000],
    ['Tuesday, 15-Sep-26 10:01:00 GMT', 60_000],
    ['Tue, 15 Sep 2026 09:00:00 GMT', 0],
  ])('%j → %i ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([null, undefined, '', 'soon', '-5', '1e3', 'Tue, 99 Foo 2026'])('%j → undefined', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});
