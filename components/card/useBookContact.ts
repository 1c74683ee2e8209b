import { useEffect, useState } from 'react';
import type { CompanyContact, PersonContact } from '@/lib/contacts/model';
import { watchContact } from '@/lib/contacts/store';

export interface BookContact {
  person: PersonContact | null;
  company: CompanyContact | null;
  /** The book was read at least once for these keys. */
  loaded: boolean;
}

const NONE: BookContact = { person: null, company: null, loaded: false };

/**
 * The contact book's person (or company) for `keys`, and the person's company, read from the
 * vault and read again after every change to the book: the worker writes each answer into the
 * book before it replies, so a row fills in place as soon as its lookup is done. `revision`
 * reads again on demand (after a lookup, in case the change notice is late).
 */
export function useBookContact(keys: readonly string[], revision = 0): BookContact {
  const [state, setState] = useState<BookContact>(NONE);
  const signature = keys.join('\n');

  useEffect(() => {
    if (!keys.length) return setState({ ...NONE, loaded: true });
    return watchContact(keys, (contact) =>
      setState((s) => ({
        person: contact?.kind === 'person' ? contact : null,
        // A company card's subject is the company itself; a person's company is read below.
        company: contact?.kind === 'company' ? contact : contact?.kind === 'person' && s.company?.id === contact.companyId ? s.company : null,
        loaded: true,
      })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, revision]);

  const companyId = state.person?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return watchContact([companyId], (company) => setState((s) => ({ ...s, company: company?.kind === 'company' ? company : null })));
  }, [companyId, revision]);

  return state;
}
