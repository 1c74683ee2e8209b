import type { PersonalEmailResult, Position, School } from '@/lib/enrichment/model';
import { block, blocks, count, extraOf, first, read, text, type Block } from '@/lib/api/responses/fields';
import { addEmails, isKnownPerson, personFromRecord } from '@/lib/api/responses/person';
import { noMatch, parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

const KEYS = ['personalInformation', 'positions', 'schools'];

const POSITION = {
  title: ['title', 'jobTitle', 'position'],
  companyName: ['companyName', 'company', 'organization', 'organisation'],
  startDate: ['startDate', 'start', 'from', 'dateStart'],
  endDate: ['endDate', 'end', 'to', 'dateEnd'],
} as const;

const SCHOOL = {
  name: ['name', 'schoolName', 'school'],
  degree: ['degree', 'degreeName'],
  fieldOfStudy: ['fieldOfStudy', 'field', 'major'],
  startDate: [...POSITION.startDate, 'startYear'],
  endDate: [...POSITION.endDate, 'endYear'],
} as const;

/** reverse_email (documented): `{personalInformation, positions[], schools[], …}`. */
export function personalEmailParser(queried: string) {
  return (body: unknown): Parsed<PersonalEmailResult> => {
    const top = recognise(unwrapData(body, KEYS), KEYS);
    if (!top) return unexpected('The body has none of the fields of a personal-email search.');
    const person = personFromRecord(block.parse(top.personalInformation));
    Object.assign(person.extra, extraOf(top, [...KEYS, 'creditBurn']));
    const positions = blocks.parse(top.positions).map((entry) => readEntry<Position>(entry, POSITION));
    const schools = blocks.parse(top.schools).map((entry) => readEntry<School>(entry, SCHOOL));
    if (!isKnownPerson(person) && !positions.length && !schools.length) return noMatch('The email search found no one.');
    addEmails(person, { address: queried, status: 'unknown', verified: false });
    return parsed({ email: queried, person, positions, schools });
  };
}

function readEntry<T extends { extra: Record<string, unknown> }>(entry: Block, fields: Record<string, readonly string[]>): T {
  const result: Record<string, unknown> = {};
  for (const [name, keys] of Object.entries(fields)) {
    const value = name.endsWith('Date') ? first(dateText, entry, keys) : first(text, entry, keys) ?? nestedName(entry, keys);
    if (value !== undefined) result[name] = value;
  }
  result.extra = extraOf(entry, Object.values(fields).flat());
  return result as T;
}

/** Dates come as text or as `{year, month, day}`; both become `YYYY[-MM[-DD]]` or the text. */
const dateText = {
  parse(value: unknown): string | undefined {
    const asText = text.parse(value);
    if (asText) return asText;
    const parts = block.parse(value);
    const year = read(count, parts, 'year');
    if (year === undefined) return undefined;
    const month = read(count, parts, 'month');
    const day = read(count, parts, 'day');
    return [year, month, month !== undefined ? day : undefined]
      .filter((n): n is number => n !== undefined)
      .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
      .join('-');
  },
};

/** A company or school given as `{name}` rather than as text. */
function nestedName(entry: Block, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const name = read(text, block.parse(entry[key]), 'name');
    if (name) return name;
  }
  return undefined;
}
