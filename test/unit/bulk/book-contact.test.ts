import { describe, expect, it } from 'vitest';
import type { Enrichment } from '@/lib/enrichment/model';
import { bookContactOf } from '@/lib/bulk/worker/wiring';
import { recordAnswers } from '@/lib/book/store';
import { identity } from '@/lib/identity/keys';
import { aRow, aRun, fakeLookups, memoryStore, response, runnerWith } from '@/test/unit/bulk/runner-fakes';

const ASKED = { firstName: 'Capucine', lastName: 'Aubert', company: 'Falconridge Santé' };
const FOUND: Enrichment = {
  person: {
    fullName: 'Capucine Aubert',
    companyName: 'Falconridge Santé',
    networkUrl: 'https://www.linkedin.com/in/capucine-aubert-f1b7/',
    urls: [],
    emails: [{ address: 'capucineaubert@falconridge-sante.example', verified: true, status: 'verified' }],
    phones: [],
    extra: {},
  },
  extra: {},
} as Enrichment;

describe('the contact a bulk row’s answer merged into', () => {
  it('is found for a person asked for by name and company, by what the answer found (the book keeps no name key then)', async () => {
    // What the worker writes before the lookup answers: the answer, filed under the request's keys and the answer's.
    await recordAnswers([{ op: 'enrichPerson', result: FOUND, historyId: 'h1', at: 1_000, paid: true, requestKeys: [identity.nameAtCompany('Capucine Aubert', 'Falconridge Santé')!], input: ASKED }]);
    const id = await bookContactOf(ASKED, { op: 'enrichPerson', result: FOUND });
    expect(id).toBe(identity.networkProfile(FOUND.person!.networkUrl!));
    // By the request alone (as before), nobody: such rows were never pushed to the CRM.
    expect(await bookContactOf(ASKED, null)).toBeNull();
  });

  it('the runner hands the answer over with the request', async () => {
    const store = memoryStore([aRun({ rowCount: 1 })], [aRow(0)]);
    const seen: unknown[] = [];
    const { runner } = runnerWith(store, fakeLookups((request) => response(request, { value: FOUND } as never)), {
      contactOf: async (input, answer) => (seen.push([input, answer]), 'contact:found'),
    });
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(seen).toEqual([[{ profileUrl: 'https://www.linkedin.com/in/p0/' }, { op: 'enrichPerson', result: FOUND }]]);
    expect(store.row(0).contactId).toBe('contact:found');
  });
});
