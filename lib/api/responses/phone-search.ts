import type { PhoneCandidate, PhoneSearchResult } from '@/lib/enrichment/model';
import { block, blocks, count, extraOf, read, texts } from '@/lib/api/responses/fields';
import { isKnownPerson, personFromRecord } from '@/lib/api/responses/person';
import { noMatch, parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

const KEYS = ['person', 'possiblePersons', 'possible_persons', 'personsCount', 'warnings'];

/** /v1/search: one confident person, and/or weaker candidates each scored by `match`. */
export function parsePhoneSearch(body: unknown): Parsed<PhoneSearchResult> {
  const top = recognise(unwrapData(body, KEYS), KEYS);
  if (!top) return unexpected('The body has none of the fields of a phone search.');

  const person = personFromRecord(block.parse(top.person));
  const candidates = [...blocks.parse(top.possiblePersons), ...blocks.parse(top.possible_persons)].map((entry) => {
    const candidate: PhoneCandidate = personFromRecord(entry, ['match']);
    const match = read(count, entry, 'match');
    if (match !== undefined) candidate.match = match;
    return candidate;
  });

  const result: PhoneSearchResult = {
    candidates: candidates.filter(isKnownPerson),
    warnings: texts.parse(top.warnings),
    extra: extraOf(top, [...KEYS, 'creditBurn']),
  };
  if (isKnownPerson(person)) result.person = person;
  const personsCount = read(count, top, 'personsCount');
  if (personsCount !== undefined) result.personsCount = personsCount;
  if (!result.person && !result.candidates.length) return noMatch('The phone search found no one.');
  return parsed(result);
}
