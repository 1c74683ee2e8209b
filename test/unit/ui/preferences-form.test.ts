import { describe, expect, it } from 'vitest';
import { connectionDraftFrom, parseConnection } from '@/lib/settings/page/connection-form';
import { migratePageAccess, DEFAULT_PREFERENCES, readPreferences } from '@/lib/settings/preferences';
import { preferencesInputSchema } from '@/lib/settings/preferences-input';
import { draftFrom, parseDraft, parseSuppressionLines, type Draft } from '@/lib/settings/page/preferences-form';

const edit = (patch: Partial<Draft>) => parseDraft({ ...draftFrom(DEFAULT_PREFERENCES), ...patch }, DEFAULT_PREFERENCES);

describe('preferences form', () => {
  it('turns the untouched form back into the same preferences', () => {
    expect(edit({})).toEqual({ ok: true, value: DEFAULT_PREFERENCES });
  });

  it('reads numbers, empty optional limits, regions and flags', () => {
    const result = edit({
      'spending.dailyCap': ' 250 ',
      'spending.confirmAbove': '',
      'lookups.defaultPhoneRegion': 'fr',
      'lookups.findEmailStep': '2',
      'lookups.fullFlags.phoneFull': true,
      'privacy.euMode': true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.spending).toEqual({ confirmAbove: null, dailyCap: 250, lowBalanceThreshold: 50 });
    expect(result.value.lookups).toMatchObject({ defaultPhoneRegion: 'FR', findEmailStep: 2, fullFlags: { phoneFull: true } });
    expect(result.value.privacy.euMode).toBe(true);
    expect(result.value.pageAccess).toEqual({ scanAllSites: false, panelMode: null });
  });

  it.each<[Partial<Draft>, string, RegExp]>([
    [{ 'spending.dailyCap': 'ten' }, 'spending.dailyCap', /whole number, or leave it empty/],
    [{ 'spending.lowBalanceThreshold': '' }, 'spending.lowBalanceThreshold', /whole number/],
    [{ 'spending.lowBalanceThreshold': '2.5' }, 'spending.lowBalanceThreshold', /whole number/],
    [{ 'spending.confirmAbove': '-1' }, 'spending.confirmAbove', /whole number/],
    [{ 'spending.dailyCap': '99999999' }, 'spending.dailyCap', /At most 10,000,000 credits/],
    [{ 'freshness.phoneDays': '0' }, 'freshness.phoneDays', /At least 1 day/],
    [{ 'privacy.historyRetentionDays': '4000' }, 'privacy.historyRetentionDays', /At most 3,650 days/],
    [{ 'lookups.minimumMatch': '11' }, 'lookups.minimumMatch', /Between 1 and 10/],
    [{ 'lookups.defaultPhoneRegion': 'France' }, 'lookups.defaultPhoneRegion', /two-letter country code/],
    [{ 'lookups.findEmailCountry': 'x'.repeat(101) }, 'lookups.findEmailCountry', /At most 100 characters/],
  ])('refuses %j with a message on %s', (patch, field, message) => {
    const result = edit(patch);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([field]);
    expect(result.errors[field as keyof typeof result.errors]).toMatch(message);
  });

  it('reports every wrong field at once', () => {
    const result = edit({ 'spending.dailyCap': 'x', 'freshness.otherDays': '0', 'lookups.minimumMatch': '' });
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(['freshness.otherDays', 'lookups.minimumMatch', 'spending.dailyCap']);
  });

  it('keeps what the form does not show', () => {
    const base = { ...DEFAULT_PREFERENCES, network: { timeoutMs: 2_000 }, pageAccess: { scanAllSites: true, panelMode: 'stealth' as const } };
    const result = parseDraft(draftFrom(base), base);
    expect(result.ok && result.value).toEqual(base);
  });
});

describe('suppression list editor', () => {
  it('keeps one entry per line, without blanks or repeats', () => {
    expect(parseSuppressionLines(' acme.example \n\njane@acme.example\nacme.example\r\n+33 6 12 34 56 78\nhttps://www.linkedin.com/in/jane-doe/')).toEqual({
      lines: ['acme.example', 'jane@acme.example', '+33 6 12 34 56 78', 'https://www.linkedin.com/in/jane-doe/'],
    });
  });

  it('names every line that is not an email, domain, phone or profile URL', () => {
    const result = parseSuppressionLines('acme.example\nJane Doe\n555');
    expect(result.error).toBe(
      'Line 2 (“Jane Doe”) is not an email, domain, phone number or profile URL. Line 3 (“555”) is not an email, domain, phone number or profile URL.',
    );
  });

  it('is checked by the schema the background applies too', () => {
    expect(preferencesInputSchema.safeParse({ privacy: { suppression: ['Jane Doe'] } }).success).toBe(false);
    expect(preferencesInputSchema.safeParse({ privacy: { suppression: ['acme.example'] } }).success).toBe(true);
    expect(edit({ 'privacy.suppression': 'Jane Doe' }).ok).toBe(false);
  });
});

describe('stored preferences', () => {
  it('keep every valid section when one is broken', () => {
    const prefs = readPreferences({ privacy: { euMode: true, suppression: ['acme.example'] }, spending: { dailyCap: 'lots' } });
    expect(prefs.privacy).toEqual({ euMode: true, suppression: ['acme.example'], historyRetentionDays: 365 });
    expect(prefs.spending).toEqual(DEFAULT_PREFERENCES.spending);
  });

  it('keep a suppression list written before lines were checked, as it was', () => {
    const prefs = readPreferences({ privacy: { euMode: true, suppression: ['acme.example', 'Jane Doe'] } });
    expect(prefs.privacy).toMatchObject({ euMode: true, suppression: ['acme.example', 'Jane Doe'] });
  });

  it('gain the page-access defaults when written by an older release', () => {
    expect(readPreferences({ spending: { dailyCap: 5 } }).pageAccess).toEqual({ scanAllSites: false, panelMode: null });
  });

  it('turn the old quiet mode into stealth mode; its default (off) was never a choice, so the mode stays unchosen', () => {
    expect(readPreferences({ pageAccess: { scanAllSites: true, quietMode: true } }).pageAccess).toEqual({ scanAllSites: true, panelMode: 'stealth' });
    expect(readPreferences({ pageAccess: { scanAllSites: false, quietMode: false } }).pageAccess).toEqual({ scanAllSites: false, panelMode: null });
    expect(readPreferences({ pageAccess: { panelMode: 'frame' } }).pageAccess).toEqual({ scanAllSites: false, panelMode: 'frame' });
    expect(migratePageAccess({ quietMode: true, panelMode: 'frame' })).toEqual({ panelMode: 'frame' });
  });
});

describe('connection form', () => {
  it('accepts the sandbox on another port and a pasted key, trimmed', () => {
    expect(parseConnection({ kind: 'sandbox', url: 'http://127.0.0.1:9000/api/ingress', apiKey: ' sandbox-demo-key\n' })).toEqual({
      ok: true,
      value: { gateway: { kind: 'sandbox', url: 'http://127.0.0.1:9000/api/ingress/' }, apiKey: 'sandbox-demo-key' },
    });
  });

  it('keeps the saved key when the field is left empty', () => {
    const result = parseConnection({ ...connectionDraftFrom(null), apiKey: '' });
    expect(result.ok && result.value.apiKey).toBeUndefined();
  });

  it.each([
    [{ kind: 'custom' as const, url: 'http://gateway.example/', apiKey: '' }, 'url', /https/],
    [{ kind: 'live' as const, url: '', apiKey: '' }, 'url', /Enter the service address/],
    [{ kind: 'sandbox' as const, url: 'https://gateway.example/', apiKey: '' }, 'url', /runs on this computer/],
    [{ kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/', apiKey: 'two words' }, 'apiKey', /no spaces/],
  ])('refuses %j', (draft, field, message) => {
    const result = parseConnection(draft);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field as 'url' | 'apiKey']).toMatch(message);
  });
});
