import { describe, expect, it } from 'vitest';
import { foldName, identity, normaliseDomain, normaliseEmail, normalisePhone } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';

describe('network profile identity survives every URL form', () => {
  const forms = [
    'https://www.linkedin.com/in/jane-doe',
    'https://www.linkedin.com/in/jane-doe/',
    'http://www.linkedin.com/in/jane-doe/',
    'https://linkedin.com/in/jane-doe',
    'https://fr.linkedin.com/in/jane-doe/',
    'https://de.linkedin.com/in/Jane-Doe/',
    'https://m.linkedin.com/in/jane-doe',
    'www.linkedin.com/in/jane-doe',
    'linkedin.com/in/jane-doe/',
    'https://www.linkedin.com/in/jane-doe/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA',
    'https://www.linkedin.com/in/jane-doe#experience',
    'https://www.linkedin.com/in/jane-doe/details/experience/',
    'https://www.linkedin.com/in/jane-doe/recent-activity/all/',
    'https://www.linkedin.com/in/jane%2Ddoe/',
    '  https://www.linkedin.com/in/jane-doe/  ',
  ];
  it.each(forms)('%s → person:jane-doe', (url) => {
    expect(identity.networkProfile(url)).toBe('person:jane-doe');
  });

  it('decodes percent-encoded UTF-8 slugs, whatever the case of the escapes', () => {
    expect(identity.networkProfile('https://www.linkedin.com/in/jos%C3%A9-mu%C3%B1oz/')).toBe('person:josé-muñoz');
    expect(identity.networkProfile('https://www.linkedin.com/in/jos%c3%a9-mu%c3%b1oz')).toBe('person:josé-muñoz');
    expect(identity.networkProfile('https://www.linkedin.com/in/josé-muñoz')).toBe('person:josé-muñoz');
    // NFD (decomposed) input names the same person as NFC.
    expect(identity.networkProfile('https://www.linkedin.com/in/jose\u0301-mun\u0303oz')).toBe('person:josé-muñoz');
  });

  it('gives companies their own namespace, sub-pages included', () => {
    expect(identity.networkProfile('https://www.linkedin.com/company/acme-corp/about/')).toBe('company:acme-corp');
    expect(identity.networkProfile('https://www.linkedin.com/company/acme-corp/people/?q=x')).toBe('company:acme-corp');
  });

  it.each([
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/sales/lead/ACwAA,NAME_SEARCH,abc',
    'https://evil.example/in/jane-doe',
    'https://linkedin.com.evil.example/in/jane-doe',
    'javascript:alert(1)',
    'ftp://www.linkedin.com/in/jane-doe',
    'https://www.linkedin.com/in/%E0%A4%A/',
    '',
    'not a url at all',
  ])('%j is not a profile', (url) => {
    expect(parseNetworkProfileUrl(url)).toBeNull();
  });

  it('builds a canonical URL with the slug encoded', () => {
    expect(parseNetworkProfileUrl('fr.linkedin.com/in/jos%C3%A9-mu%C3%B1oz/details')?.canonicalUrl).toBe(
      'https://www.linkedin.com/in/jos%C3%A9-mu%C3%B1oz/',
    );
  });
});

describe('email identity', () => {
  it.each([
    ['Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['  jane@example.com\n', 'jane@example.com'],
    ['mailto:Jane@Example.com', 'jane@example.com'],
    ['MAILTO:jane@example.com?subject=Hi', 'jane@example.com'],
    ['jane+tag@sub.example.co.uk', 'jane+tag@sub.example.co.uk'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
    expect(identity.email(input)).toBe(`email:${expected}`);
  });
  it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'a@b@c.com'])('%j is not an email', (input) => {
    expect(normaliseEmail(input)).toBeNull();
  });
});

describe('phone identity', () => {
  it.each([
    ['+1 202-555-0143', undefined, '+12025550143'],
    ['+1 (202) 555 0143', undefined, '+12025550143'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['tel:+12025550143', undefined, '+12025550143'],
    ['001 202 555 0143', 'FR', '+12025550143'],
    ['+44 20 7946 0018', undefined, '+442079460018'],
    ['020 7946 0018', 'GB', '+442079460018'],
    ['07700 900123', 'GB', '+447700900123'],
    ['+33 1 99 00 12 34', undefined, '+33199001234'],
    ['01 99 00 12 34', 'FR', '+33199001234'],
    ['0033 1 99 00 12 34', 'FR', '+33199001234'],
  ] as const)('%j (region %s) → %s', (input, region, expected) => {
    expect(normalisePhone(input, region)).toBe(expected);
  });
  it.each([['', undefined], ['call me', undefined], ['12', 'US'], ['2024-05-01', undefined], ['1.2.3', 'US']] as const)(
    '%j is not a phone',
    (input, region) => {
      expect(normalisePhone(input, region)).toBeNull();
    },
  );
});

describe('domain identity', () => {
  it.each([
    ['acme.example', 'acme.example'],
    ['https://www.Acme.example/about?x=1', 'acme.example'],
    ['jane@acme.example', 'acme.example'],
    ['ACME.EXAMPLE.', 'acme.example'],
    ['acme.example:8080', 'acme.example'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });
  it.each(['', 'acme', 'Acme Corp', '10.0.0.1', 'http://'])('%j is not a domain', (input) => {
    expect(normaliseDomain(input)).toBeNull();
  });
});

describe('name at company', () => {
  it('ignores case, accents and punctuation', () => {
    expect(foldName('  José  MUÑOZ-García ')).toBe('jose munoz garcia');
    expect(identity.nameAtCompany('José Muñoz', 'Acme Corp')).toBe(identity.nameAtCompany('jose munoz', 'ACME corp'));
    expect(identity.nameAtCompany('Jane Doe', 'https://acme.example')).toBe('name:jane doe|acme.example');
    expect(identity.nameAtCompany('  ', 'Acme')).toBeNull();
  });
});
