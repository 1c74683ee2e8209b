import type { EmailResult, Person, Phone } from '@/lib/enrichment/model';
import type { OperationName, ResultOf } from '@/lib/lookup/operation-names';
import type { LookupResponse } from '@/lib/lookup/contract';

/** The few facts a person-shaped answer carries, whatever the operation that found them. */
export interface ResultFacts {
  name?: string;
  jobTitle?: string;
  company?: string;
  location?: string;
  emails: EmailResult[];
  phones: Phone[];
}

/**
 * An operation with its answer, if any: a history entry is one, a lookup's response becomes one
 * through `answered`. Checking `op` tells the answer's type.
 */
export type Answered<Op extends OperationName = OperationName> = { [O in Op]: { op: O; result?: ResultOf<O> } }[Op];

export function answered<Op extends OperationName>(response: LookupResponse<Op>): Answered<Op> {
  return { op: response.op, result: response.value };
}

function clean(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

function personFacts(person: Person | undefined): ResultFacts {
  return {
    name: clean(person?.fullName) ?? clean([person?.firstName, person?.lastName].filter(Boolean).join(' ')),
    jobTitle: clean(person?.jobTitle),
    company: clean(person?.companyName),
    location: clean(person?.location),
    emails: person?.emails ?? [],
    phones: person?.phones ?? [],
  };
}

function factsOfAnswer(answer: Answered): ResultFacts | null {
  switch (answer.op) {
    case 'enrichPerson': {
      const value = answer.result;
      if (!value) return null;
      const facts = personFacts(value.person);
      if (value.person) return { ...facts, company: facts.company ?? clean(value.company?.name) };
      return { ...facts, name: clean(value.company?.name) };
    }
    case 'enrichCompany':
      return answer.result ? { name: clean(answer.result.name), emails: [], phones: answer.result.phone ? [answer.result.phone] : [] } : null;
    case 'findWorkEmail':
      return answer.result?.email ? { emails: [answer.result.email], phones: [] } : null;
    case 'searchPhone':
      return answer.result ? personFacts(answer.result.person) : null;
    case 'searchPersonalEmail': {
      const value = answer.result;
      if (!value) return null;
      const facts = personFacts(value.person);
      return { ...facts, emails: [{ address: value.email, status: 'unknown', verified: false, type: 'personal' }, ...facts.emails] };
    }
    case 'reversePhone': {
      const value = answer.result;
      if (!value) return null;
      const facts = personFacts(value.person);
      return { ...facts, phones: [value.phone, ...facts.phones] };
    }
    case 'microblogProfile':
    case 'microblogByEmail': {
      const value = answer.result;
      if (!value) return null;
      const facts = personFacts(value.person);
      return { ...facts, name: facts.name ?? clean(value.displayName) ?? `@${value.username}`, location: facts.location ?? clean(value.location) };
    }
  }
}

/** What an answer says about who was found, each email and phone once; null when it says nothing. */
export function factsOf(answer: Answered): ResultFacts | null {
  const facts = factsOfAnswer(answer);
  if (!facts) return null;
  const result: ResultFacts = {
    ...facts,
    emails: unique(facts.emails, (e) => e.address.toLowerCase()),
    phones: unique(facts.phones, (p) => p.e164),
  };
  const empty = !result.name && !result.jobTitle && !result.company && !result.emails.length && !result.phones.length;
  return empty ? null : result;
}
