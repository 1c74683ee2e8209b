import { describe, expect, it } from 'vitest';
import { baseUrlSchema, hostPermissionFor } from '@/lib/settings/gateway';
import { apiKeySchema, maskApiKey } from '@/lib/settings/api-key';

describe('gateway base URL', () => {
  it.each([
    ['https://gateway.example/api/ingress/', 'https://gateway.example/api/ingress/'],
    ['https://gateway.example/api/ingress', 'https://gateway.example/api/ingress/'],
    ['  http://127.0.0.1:8787/api/ingress/ ', 'http://127.0.0.1:8787/api/ingress/'],
    ['http://localhost:9000/api/ingress/', 'http://localhost:9000/api/ingress/'],
  ])('accepts %j as %j', (input, expected) => {
    expect(baseUrlSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', /Enter the service address/],
    ['gateway.example', /not a web address/],
    ['http://gateway.example/api/ingress/', /https/],
    ['ftp://gateway.example/', /https/],
    ['https://user:pw@gateway.example/', /user name or password/],
    ['https://gateway.example/api/ingress/?apiId=x', /query/],
    ['javascript:alert(1)', /https/],
  ])('refuses %j with a message', (input, message) => {
    const result = baseUrlSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('derives the host permission pattern', () => {
    expect(hostPermissionFor('https://gateway.example:8443/api/ingress/')).toBe('https://gateway.example/*');
  });
});

describe('API key', () => {
  it('trims what was pasted', () => {
    expect(apiKeySchema.parse('  abc123\n')).toBe('abc123');
  });
  it.each(['', '   ', 'abc 123', 'clé'])('refuses %j', (input) => {
    expect(apiKeySchema.safeParse(input).success).toBe(false);
  });
  it('masks all but the last four characters', () => {
    expect(maskApiKey('sandbox-demo-key')).toBe('••••-key');
    expect(maskApiKey('abc')).toBe('••••');
  });
});
