import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readPreferences } from '@/lib/settings/preferences';
import { draftFrom, parseDraft } from '@/lib/settings/page/preferences-form';

/** The company the notices name: set once in the settings, read from preferences stored before it existed. */
describe('the company in the preferences', () => {
  it('reads preferences stored before it existed, empty, keeping every other section', () => {
    const stored = { privacy: { euMode: true, suppression: ['eve@example.com'], historyRetentionDays: 200 } };
    const prefs = readPreferences(stored);
    expect(prefs.notice).toEqual({ legalName: '', postalAddress: '', privacyEmail: '', dpo: '', representative: '', purpose: '', transfers: '' });
    expect(prefs.privacy).toEqual(stored.privacy);
  });

  it('a broken company section is defaulted alone: EU mode and the suppression list stay', () => {
    const prefs = readPreferences({ privacy: { euMode: true, suppression: ['eve@example.com'], historyRetentionDays: 365 }, notice: { privacyEmail: 'not an email' } });
    expect(prefs.privacy.euMode).toBe(true);
    expect(prefs.notice.privacyEmail).toBe('');
  });

  it('the form saves the company trimmed, and says which field is wrong', () => {
    const draft = { ...draftFrom(DEFAULT_PREFERENCES), 'notice.legalName': '  Acme Ventes SAS ', 'notice.postalAddress': '12 rue de la Paix, Paris', 'notice.privacyEmail': 'privacy@acme.example' };
    const saved = parseDraft(draft, DEFAULT_PREFERENCES);
    expect(saved.ok && saved.value.notice).toMatchObject({ legalName: 'Acme Ventes SAS', privacyEmail: 'privacy@acme.example', purpose: '' });
    const wrong = parseDraft({ ...draft, 'notice.privacyEmail': 'privacy at acme', 'notice.legalName': 'x'.repeat(201) }, DEFAULT_PREFERENCES);
    expect(wrong).toEqual({ ok: false, errors: { 'notice.privacyEmail': 'Enter one email address (example: privacy@yourcompany.com).', 'notice.legalName': 'At most 200 characters.' } });
  });
});
