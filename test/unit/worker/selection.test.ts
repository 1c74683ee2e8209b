import { describe, expect, it } from 'vitest';
import { badgeFor } from '@/lib/balance/worker/badge';
import { actionForMenuClick, MENU_ITEMS } from '@/lib/lookup/worker/selection';
import { regionFor } from '@/lib/identity/region';

describe('right-click actions', () => {
  it.each([
    ['+1 202-555-0143', undefined, '+12025550143'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['01 99 00 12 34', 'FR', '+33199001234'],
    ['  +44 20 7946 0018 ', undefined, '+442079460018'],
  ] as const)('reverse phone lookup reads %j (region %s) as %s', (selectionText, region, phone) => {
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.reversePhone, selectionText }, region)).toEqual({
      ok: true,
      request: { op: 'reversePhone', input: { phone } },
    });
  });

  it('reads a tel: link', () => {
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.reversePhone, linkUrl: 'tel:+12025550143' }, undefined)).toMatchObject({
      ok: true,
      request: { input: { phone: '+12025550143' } },
    });
  });

  it.each(['call me maybe', 'Version 2.14.0', '2024-05-01', 'promote@2x.png', '12', ''])(
    'refuses %j with a clear message and no request',
    (selectionText) => {
      const action = actionForMenuClick({ menuItemId: MENU_ITEMS.reversePhone, selectionText }, 'US');
      expect(action.ok).toBe(false);
      if (!action.ok) expect(action.message).toMatch(/not a phone number/);
    },
  );

  it('enriches a selected email or a mailto: link', () => {
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.enrichEmail, selectionText: ' Jane@Acme.example ' }, undefined)).toEqual({
      ok: true,
      request: { op: 'enrichPerson', input: { email: 'jane@acme.example' } },
    });
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.microblogByEmail, linkUrl: 'mailto:jane@acme.example?subject=hi' }, undefined)).toEqual({
      ok: true,
      request: { op: 'microblogByEmail', input: { email: 'jane@acme.example' } },
    });
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.enrichEmail, selectionText: 'promote@2x' }, undefined)).toMatchObject({ ok: false });
  });

  it('enriches a linked profile by its canonical URL, and refuses other links', () => {
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.enrichProfile, linkUrl: 'https://fr.linkedin.com/in/Jane-Doe/?trk=x' }, undefined)).toEqual({
      ok: true,
      request: { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/jane-doe/' } },
    });
    expect(actionForMenuClick({ menuItemId: MENU_ITEMS.enrichProfile, linkUrl: 'https://www.linkedin.com/company/acme/' }, undefined)).toMatchObject({ ok: false });
  });

  it.each([
    ['DE', 'fr', 'DE'],
    [null, 'fr-BE', 'BE'],
    [null, 'fr', 'FR'],
    [null, 'pt_BR', 'BR'],
    [null, 'xx', undefined],
    [null, undefined, undefined],
  ] as const)('default region: setting %s, page language %s → %s', (setting, lang, expected) => {
    expect(regionFor(setting, lang)).toBe(expected);
  });
});

describe('low-balance badge', () => {
  it.each([
    [null, 50, null],
    [500, 50, null],
    [50, 50, null],
    [49, 50, { text: '49', color: '#b25e00' }],
    [0, 50, { text: '0', color: '#a4161a' }],
    [12_345, 20_000, { text: '12k', color: '#b25e00' }],
  ])('credits %s, threshold %s → %j', (credits, threshold, expected) => {
    expect(badgeFor(credits, threshold)).toEqual(expected);
  });
});
