import { describe, expect, it } from 'vitest';
import { topFrameTabOf } from '@/lib/platform/messaging/sender';

describe('the tab a content script speaks for', () => {
  it('is its own tab, from its top document', () => {
    expect(topFrameTabOf({ id: 'ext', url: 'https://www.linkedin.com/in/maya/', tab: { id: 4 }, frameId: 0 })).toBe(4);
    // Firefox leaves frameId out for the top document.
    expect(topFrameTabOf({ id: 'ext', url: 'https://www.linkedin.com/in/maya/', tab: { id: 4 } })).toBe(4);
  });

  it('is none from a frame in the page, or from outside a tab', () => {
    expect(topFrameTabOf({ id: 'ext', url: 'https://ads.example/', tab: { id: 4 }, frameId: 7 })).toBeNull();
    expect(topFrameTabOf({ id: 'ext', url: 'https://www.linkedin.com/in/maya/', frameId: 0 })).toBeNull();
    expect(topFrameTabOf({ id: 'ext', tab: { id: -1 }, frameId: 0 })).toBeNull();
  });
});
