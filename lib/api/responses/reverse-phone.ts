import type { Phone, ReversePhoneResult } from '@/lib/enrichment/model';
import { read, text } from '@/lib/api/responses/fields';
import { addPhones, isKnownPerson, personFromRecord } from '@/lib/api/responses/person';
import { noMatch, parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

const KEYS = ['name', 'fullName', 'firstName', 'lastName', 'linkedinPubProfileUrl', 'networkUrl', 'facebookID', 'person'];

/** reverse_phone_lookup: `{name, linkedinPubProfileUrl, facebookID}` (documented), or a person block. */
export function reversePhoneParser(queried: Phone) {
  return (body: unknown): Parsed<ReversePhoneResult> => {
    const top = recognise(unwrapData(body, KEYS), KEYS);
    if (!top) return unexpected('The body has none of the fields of a reverse phone lookup.');
    const nested = recognise(top.person, KEYS.filter((key) => key !== 'person'));
    const record = nested ?? top;
    const person = personFromRecord(record, ['facebookID', 'facebookId', 'creditBurn', 'person']);
    const facebookId = read(text, record, 'facebookID') ?? read(text, record, 'facebookId');
    if (!isKnownPerson(person) && !facebookId) return noMatch('The reverse lookup named no one.');
    addPhones(person, [queried]);
    const result: ReversePhoneResult = { phone: queried, person };
    if (facebookId) result.facebookId = facebookId;
    return parsed(result);
  };
}
