import { describe, expect, it, vi } from 'vitest';
import { attemptLookup, type AttemptTransport } from '@/lib/lookup/page/attempt';
import type { LookupResponse } from '@/lib/lookup/contract';

const request = { op: 'searchPhone' as const, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } };
const response = (status: LookupResponse['status'], extra: Partial<LookupResponse<'searchPhone'>> = {}): LookupResponse<'searchPhone'> => ({
  status,
  op: 'searchPhone',
  historyId: 'a1',
  cost: 0,
  fromLedger: false,
  paidAt: null,
  refreshed: false,
  ...extra,
});
const options = (transport: AttemptTransport) => ({ confirmed: false, transport, newId: () => 'a1' });

describe('one paid attempt', () => {
  it('sends the attempt once, with its id', async () => {
    const transport = { lookup: vi.fn(async () => ({ ok: true as const, value: response('paid', { cost: 30 }) })), outcome: vi.fn() };
    expect(await attemptLookup(request, options(transport))).toMatchObject({ kind: 'done', response: { status: 'paid' } });
    expect(transport.lookup).toHaveBeenCalledWith({ ...request, attemptId: 'a1' });
    expect(transport.outcome).not.toHaveBeenCalled();
  });

  it('above the threshold, says the price and sends nothing more', async () => {
    const transport = { lookup: vi.fn(async () => ({ ok: true as const, value: response('needs_confirmation', { price: 30 }) })), outcome: vi.fn() };
    expect(await attemptLookup(request, options(transport))).toEqual({ kind: 'confirm', price: 30 });
    expect(transport.lookup).toHaveBeenCalledTimes(1);
  });

  it('when the connection drops, asks for the attempt’s outcome instead of sending it again', async () => {
    const transport = {
      lookup: vi.fn(async () => Promise.reject(new Error('The message port closed before a response was received.'))),
      outcome: vi.fn().mockRejectedValueOnce(new Error('worker starting')).mockResolvedValue({ ok: true, value: response('unknown', { price: 30 }) }),
    };
    expect(await attemptLookup(request, options(transport))).toMatchObject({ kind: 'unknown', response: { price: 30 } });
    expect(transport.lookup).toHaveBeenCalledTimes(1);
    expect(transport.outcome).toHaveBeenCalledWith('a1');
  });

  it('an attempt the worker does not know is not called free: it may have joined another in flight', async () => {
    const transport = { lookup: vi.fn(async () => Promise.reject(new Error('gone'))), outcome: vi.fn(async () => ({ ok: true as const, value: null })) };
    expect(await attemptLookup(request, options(transport))).toEqual({ kind: 'unknown', response: null });
    expect(transport.lookup).toHaveBeenCalledTimes(1);
  });

  it('when the worker cannot be asked either, the outcome is unknown and nothing is re-sent', async () => {
    const transport = { lookup: vi.fn(async () => Promise.reject(new Error('gone'))), outcome: vi.fn(async () => Promise.reject(new Error('gone'))) };
    expect(await attemptLookup(request, options(transport))).toEqual({ kind: 'unknown', response: null });
    expect(transport.lookup).toHaveBeenCalledTimes(1);
  });
});
