import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '@/sandbox/app';
import { redactApiId } from '@/sandbox/log';

describe('request log', () => {
  it('writes one line per request: method, path with query, status, duration; the key redacted', async () => {
    const lines: string[] = [];
    const { app } = createSandboxApp({ log: (line) => lines.push(line) });
    await app.fetch(new Request('http://sandbox/api/ingress/v1/getCredit?apiId=sandbox-demo-key'));
    await app.fetch(new Request('http://sandbox/api/ingress/v2/full?data=x%40y.example&apiId=secret-key-123'));
    await app.fetch(new Request('http://sandbox/nowhere'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/api\/ingress\/v1\/getCredit\?apiId=\*\*\* 200 \d+ms$/);
    expect(lines[1]).toMatch(/^GET \/api\/ingress\/v2\/full\?data=x%40y\.example&apiId=\*\*\* 401 \d+ms$/);
    expect(lines[2]).toMatch(/^GET \/nowhere 404 \d+ms$/);
    expect(lines.join('\n')).not.toMatch(/sandbox-demo-key|secret-key-123/);
  });

  it('redacts every apiId occurrence, whatever its case', () => {
    expect(redactApiId('/x?apiId=a&apiid=b&other=apiId')).toBe('/x?apiId=***&apiid=***&other=apiId');
  });
});
