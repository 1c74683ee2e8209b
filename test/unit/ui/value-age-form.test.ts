import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { draftFrom, parseDraft, type Draft } from '@/lib/settings/page/preferences-form';

const edit = (patch: Partial<Draft>) => parseDraft({ ...draftFrom(DEFAULT_PREFERENCES), ...patch }, DEFAULT_PREFERENCES);

describe('settings: when values are called ageing, then stale', () => {
  it('shows the defaults and saves what is typed', () => {
    const draft = draftFrom(DEFAULT_PREFERENCES);
    expect([draft['valueAge.phone.ageingDays'], draft['valueAge.phone.staleDays'], draft['valueAge.company.staleDays']]).toEqual(['60', '120', '365']);
    const result = edit({ 'valueAge.email.ageingDays': '30', 'valueAge.email.staleDays': '45' });
    expect(result.ok && result.value.valueAge.email).toEqual({ ageingDays: 30, staleDays: 45 });
  });

  it.each<[Partial<Draft>, string, RegExp]>([
    [{ 'valueAge.email.ageingDays': '200', 'valueAge.email.staleDays': '100' }, 'valueAge.email.staleDays', /Enter more days than for ageing \(200\)/],
    [{ 'valueAge.role.ageingDays': '100', 'valueAge.role.staleDays': '100' }, 'valueAge.role.staleDays', /more days than for ageing \(100\)/],
    [{ 'valueAge.phone.ageingDays': '0' }, 'valueAge.phone.ageingDays', /At least 1 day/],
    [{ 'valueAge.company.staleDays': 'a year' }, 'valueAge.company.staleDays', /whole number/],
  ])('refuses %o with a message on its field', (patch, field, message) => {
    const result = edit(patch);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field as keyof Draft]).toMatch(message);
  });
});
