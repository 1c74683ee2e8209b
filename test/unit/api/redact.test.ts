import { describe, expect, it } from 'vitest';
import { redactApiKey } from '@/lib/api';

describe('redactApiKey', () => {
  it.each([
    ['https://gw.example/api/ingress/v1/mine?apiId=abc123def', 'https://gw.example/api/ingress/v1/mine?apiId=***'],
    ['GET /v2/full?data=x&apiId=abc123def&phoneFull=true', 'GET /v2/full?data=x&apiId=***&phoneFull=true'],
    ['apiid=abc123def APIID=abc123def', 'apiid=*** APIID=***'],
    ['"url":"/v1/mine?apiId=abc123def"', '"url":"/v1/mine?apiId=***"'],
    ['redirect=%2Fv1%2Fmine%3FapiId%3Dabc123def', 'redirect=%2Fv1%2Fmine%3FapiId%3D***'],
    ['no key here', 'no key here'],
  ])('%s', (input, expected) => {
    expect(redactApiKey(input)).toBe(expected);
  });

  it('also removes the key itself, raw or encoded, when it is known', () => {
    expect(redactApiKey('key s3cr3t/k+y is not valid', 's3cr3t/k+y')).toBe('key *** is not valid');
    expect(redactApiKey('see s3cr3t%2Fk%2By', 's3cr3t/k+y')).toBe('see ***');
  });

  it('does not blank ordinary words for a very short key', () => {
    expect(redactApiKey('a credit', 'a')).toBe('a credit');
  });
});
