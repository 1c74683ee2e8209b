import { describe, expect, it } from 'vitest';
import { createOutboxRunner, type OutboxDeps } from '@/lib/crm/worker/outbox/runner';
import type { OutboxItem } from '@/lib/crm/outbox/schema';
import { contact } from '@/test/unit/crm/fixtures';

/** An outbox in memory, counting its writes. */
function memoryOutbox() {
  let items: OutboxItem[] = [];
  let ids = 0;
  let writes = 0;
  const update: OutboxDeps['update'] = async (change) => {
    writes += 1;
    const next = change(items);
    items = next.items;
    return next.result;
  };
  const deps: OutboxDeps = {
    read: async () => items,
    update,
    adapterFor: async () => null,
    remembered: async () => null,
    remember: async () => {},
    report: async () => {},
    schedule: () => {},
    now: () => 5,
    newId: () => `item-${++ids}`,
  };
  return { runner: createOutboxRunner(deps), writes: () => writes, items: () => items };
}

describe('queueing many pushes (the contact book’s selection)', () => {
  it('writes the outbox once for all of them, one item per person', async () => {
    const { runner, writes, items } = memoryOutbox();
    const people = [1, 2, 3].map((n) => ({ ...contact(), identity: `person:p${n}`, fullName: `P ${n}` }));
    const queued = await runner.enqueueMany(people.map((c) => ({ target: 'hubspot' as const, contact: c, overwrite: [] })));
    expect(writes()).toBe(1);
    expect(queued.map((i) => i.contact.identity)).toEqual(['person:p1', 'person:p2', 'person:p3']);
    expect(items()).toHaveLength(3);
  });

  it('a person already waiting for that CRM is replaced, not queued twice', async () => {
    const { runner, items } = memoryOutbox();
    const maya = contact();
    await runner.enqueue({ target: 'hubspot', contact: maya, overwrite: [] });
    const [again] = await runner.enqueueMany([{ target: 'hubspot', contact: { ...maya, jobTitle: 'CTO' }, overwrite: ['jobTitle'] }]);
    expect(items()).toHaveLength(1);
    expect(again).toMatchObject({ id: 'item-1', overwrite: ['jobTitle'], contact: { jobTitle: 'CTO' } });
  });
});
