import { describe, expect, it } from 'vitest';
import { readPreferences } from '@/lib/settings/preferences';

describe('the suppression list as stored', () => {
  it('keeps every readable line when one line is damaged, and the rest of the privacy section', () => {
    const read = readPreferences({ privacy: { euMode: true, suppression: ['maya@northwind.example', 42, '', 'x'.repeat(501), 'northwind.example'], historyRetentionDays: 90 } });
    expect(read.privacy.suppression).toEqual(['maya@northwind.example', 'northwind.example']);
    expect(read.privacy.euMode).toBe(true);
    expect(read.privacy.historyRetentionDays).toBe(90);
  });

  it('reads a list with nothing damaged as it is', () => {
    expect(readPreferences({ privacy: { suppression: ['+33612345678'] } }).privacy.suppression).toEqual(['+33612345678']);
  });
});
