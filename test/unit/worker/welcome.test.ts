import { describe, expect, it } from 'vitest';
import { shouldWelcome } from '@/lib/worker/welcome';

describe('the welcome page on install', () => {
  it('opens for a new install of a release, never for an update or a browser update', () => {
    expect(shouldWelcome('install', false)).toBe(true);
    expect(shouldWelcome('update', false)).toBe(false);
    expect(shouldWelcome('browser_update', false)).toBe(false);
    expect(shouldWelcome('chrome_update', false)).toBe(false);
  });

  it('automation builds open nothing: their tests start from a known set of tabs', () => {
    expect(shouldWelcome('install', true)).toBe(false);
  });
});
