import { describe, expect, it } from 'vitest';
import { pendingGateway } from '@/lib/settings/page/connection-form';
import { DEFAULT_GATEWAY } from '@/lib/settings/gateway';
import { currentSection } from '@/components/settings/sections';

describe('what the service’s lines say is in force', () => {
  const saved = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };

  it('has nothing pending while the form holds the saved service, however it is typed', () => {
    expect(pendingGateway(saved, { kind: 'sandbox', url: 'http://127.0.0.1:8787/api/ingress/', apiKey: '' })).toBeNull();
    expect(pendingGateway(saved, { kind: 'sandbox', url: ' http://127.0.0.1:8787/api/ingress ', apiKey: 'new-key' })).toBeNull();
    // Nothing saved yet: the default is in force.
    expect(pendingGateway(null, { kind: 'sandbox', url: DEFAULT_GATEWAY.url, apiKey: '' })).toBeNull();
  });

  it('names the address that applies once saved: another port, another kind', () => {
    expect(pendingGateway(saved, { kind: 'sandbox', url: 'http://127.0.0.1:9999/api/ingress/', apiKey: '' })).toEqual({
      kind: 'sandbox',
      url: 'http://127.0.0.1:9999/api/ingress/',
    });
    expect(pendingGateway(saved, { kind: 'custom', url: 'https://proxy.example/api', apiKey: '' })).toEqual({ kind: 'custom', url: 'https://proxy.example/api/' });
    // Not an address yet: shown as typed.
    expect(pendingGateway(saved, { kind: 'custom', url: ' proxy ', apiKey: '' })).toEqual({ kind: 'custom', url: 'proxy' });
  });
});

describe('the section the navigation marks', () => {
  it('is the last whose top reached the top of the box, the first before any did, the last at the end', () => {
    expect(currentSection([0, 400, 900], false)).toBe(0);
    expect(currentSection([-500, -100, 300], false)).toBe(1);
    expect(currentSection([-500, 10, 300], false)).toBe(1);
    expect(currentSection([30, 400], false)).toBe(0);
    expect(currentSection([-900, -400, 200], true)).toBe(2);
    expect(currentSection([], false)).toBe(-1);
  });
});
