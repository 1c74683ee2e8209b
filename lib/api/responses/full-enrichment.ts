import type { Enrichment, Person } from '@/lib/enrichment/model';
import { companyBlock, companyFromBlocks } from '@/lib/api/responses/company';
import { emailFrom } from '@/lib/api/responses/emails';
import { block, count, extraOf, read, type Block } from '@/lib/api/responses/fields';
import { addEmails, addPhones, emptyPerson, isKnownPerson, mergePersons, personFromRecord } from '@/lib/api/responses/person';
import { noMatch, parsed, recognise, unexpected, type Parsed } from '@/lib/api/responses/parsed';
import { phonesFrom } from '@/lib/api/responses/phones';

const TOP_KEYS = ['data', 'person', 'company', 'phoneFull', 'phone', 'email', 'emailV2'];
const COMPANY_BLOCKS = ['basic', 'premium', 'full'];

/**
 * /v2/full in both dialects: the interface's `{data: {...}}` record, the live gateway's
 * `person.basic` / `phoneFull` / `phone` / `company.*` blocks, or a mix of the two.
 */
export function parseFullEnrichment(body: unknown): Parsed<Enrichment> {
  const top = recognise(body, TOP_KEYS);
  if (!top) return unexpected('The body has none of the fields of a full enrichment.');
  const data = block.parse(top.data);
  const phone = block.parse(top.phone);
  const liveCompany = block.parse(top.company);

  const person = mergePersons(
    data ? personFromRecord(data, ['company', 'companyConfidence', 'creditBurn']) : emptyPerson(),
    livePerson(top, phone),
  );
  const switchboard = phonesFrom(phone?.workPhones, 'work').phones[0];
  const company = companyFromBlocks(
    [
      ['data', companyBlock(data?.company)],
      ['company', liveCompany && extraOf(liveCompany, COMPANY_BLOCKS)],
      ['basic', block.parse(liveCompany?.basic)],
      ['premium', block.parse(liveCompany?.premium)],
    ],
    { switchboard, full: liveCompany?.full, confidence: read(count, data, 'companyConfidence') },
  );

  const result: Enrichment = { extra: extraOf(top, [...TOP_KEYS, 'creditBurn']) };
  if (isKnownPerson(person)) result.person = person;
  // A company-only answer still says things about itself (how it matched, when it was refreshed).
  else Object.assign(result.extra, person.extra);
  if (company) result.company = company;
  if (!result.person && !result.company) return noMatch('The enrichment holds neither a person nor a company.');
  return parsed(result);
}

function livePerson(top: Block, phone: Block | undefined): Person {
  const personBlock = block.parse(top.person);
  const person = personFromRecord(block.parse(personBlock?.basic));
  // Fuller person blocks (personFull=true) have no fixed shape to map; they are kept as sent.
  Object.assign(person.extra, extraOf(personBlock, ['basic']));

  addEmails(person, emailFrom(top.email), emailFrom(top.emailV2));
  const mobiles = [phonesFrom(block.parse(top.phoneFull)?.phones, 'mobile'), phonesFrom(phone?.mobiles, 'mobile')];
  addPhones(person, mobiles.flatMap((found) => found.phones));
  const unreadable = mobiles.flatMap((found) => found.unreadable);
  if (unreadable.length) person.extra.unreadablePhones = unreadable;
  return person;
}
