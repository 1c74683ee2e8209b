/**
 * The contact book the bench seeds, shaped like a salesperson's: many first names with a few
 * very common ones, surnames from a common list or rarer made-up ones, thousands of companies
 * with a few big ones (a list where many people work at the same place), titles built from
 * common words ("Senior", "Sales", "Manager"). Every contact is a function of its index alone,
 * so a book of 100,000 holds the 10,000 of the smaller size, and the words a query needs (the
 * most common word, a distinctive name) are computed from the same data.
 */
import type { CompanyContact, Contact, PersonContact, Source } from '@/lib/book/model';
import { foldName } from '@/lib/identity/fold';
import { searchWords } from '@/lib/book/words';
import { random as pageRandom } from '@/scripts/bench/generate';

/** The generator of one contact, seeded by its index (spread over 32 bits). */
const random = (seed: number) => pageRandom((seed * 2654435761) >>> 0);

/** Draws from `items` with weight 1 / rank^exponent (Zipf): the first few are common, the tail rare. */
function zipf<T>(items: readonly T[], exponent: number): (r: number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= items.length; k++) cumulative.push((sum += 1 / k ** exponent));
  return (r) => {
    const target = r * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

const FIRST = (
  'Maria David Michael Sarah John Laura James Anna Daniel Emma Thomas Julia Robert Sophie Paul Elena Mark Claire Peter Nina ' +
  'Alex Olivia Chris Lucia Andrew Sofia Kevin Hannah Brian Marta Jason Chloe Eric Isabel Ryan Ines Adam Lea Steven Camille ' +
  'Priya Wei Yuki Aisha Omar Karim Mateo Hugo Lucas Noah Liam Mia Ava Zoe Lena Clara Alice Rosa Carmen Pablo ' +
  'Javier Diego Luis Carlos Ana Fatima Mohammed Ahmed Ali Hassan Raj Arjun Vikram Anil Deepa Sanjay Ming Li Chen Jun ' +
  'Hiroshi Kenji Sakura Haruto Olga Ivan Dmitri Katarina Petra Jan Lars Erik Ingrid Astrid Sven Nils Freya Matteo Giulia ' +
  'Francesca Marco Luca Chiara Pierre Antoine Julien Mathilde Louise Margaux Florian Tobias Lukas Felix Jonas Leonie ' +
  'Grace Ethan Logan Mason Harper Amelia Evelyn Abigail Scott Gregory Patrick Sean Connor Siobhan Aoife Niamh Dara Tomasz ' +
  'Agnieszka Piotr Katarzyna Bogdan Mihai Ioana Andrei Nikos Eleni Yannis Tariq Leila Samir Nadia Amara Kwame Ngozi Chidi'
).split(' ');

const LAST = (
  'Smith Garcia Müller Martin Rossi Chen Kim Nguyen Johnson Brown Lopez Dubois Williams Jones Miller Davis Wilson Anderson ' +
  'Taylor Thomas Moore Jackson White Harris Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker Adams Nelson ' +
  'Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker Collins Edwards Stewart Morris Murphy Cook ' +
  'Rogers Morgan Peterson Cooper Reed Bailey Bell Gomez Kelly Howard Ward Cox Diaz Richardson Wood Watson Brooks Bennett ' +
  'Gray James Reyes Cruz Hughes Price Myers Long Foster Sanders Ross Morales Powell Sullivan Russell Ortiz Jenkins Gutierrez ' +
  'Perry Butler Barnes Fisher Henderson Coleman Simmons Patterson Jordan Reynolds Hamilton Graham Schmidt Schneider Fischer ' +
  'Weber Meyer Wagner Becker Schulz Hoffmann Bernard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel Fontaine ' +
  'Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Tanaka Suzuki Sato Watanabe Yamamoto Singh Kumar Sharma Patel ' +
  'Gupta Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Silva Santos Oliveira Costa Pereira Novak Kowalski Nowak Jensen Hansen ' +
  'Larsen Nielsen Johansson Andersson Okafor Mensah Haddad Khalil'
).split(' ');

const SYLLABLES = 'ka lo mi ra ven tor bel sar din quo fen wi lux mor tal rin cas pe dro sta vik nor el an bri zu ha ko ser lin dal ma ri go'.split(' ');
const COMPANY_SUFFIX = ['Systems', 'Group', 'Labs', 'Analytics', 'Solutions', 'Partners', 'Technologies', 'Health', 'Capital', 'Logistics', 'Software', 'Consulting', 'Media', 'Energy', 'Foods'];
const BIG_COMPANIES = ['Northwind Analytics', 'Contoso', 'Fabrikam', 'Tailspin Toys', 'Adventure Works', 'Wide World Importers', 'Litware', 'Proseware', 'Kestrel & Finch', 'Tidewater Clinical', 'Blue Yonder Air', 'Margie Travel'];
const SENIORITY = ['', '', '', 'Senior', 'Head of', 'Director of', 'VP of', 'Lead', 'Junior', 'Chief', 'Principal'];
const FUNCTIONS = ['Sales', 'Marketing', 'Engineering', 'Data', 'Product', 'Operations', 'Finance', 'People', 'Customer Success', 'Design', 'Procurement', 'Legal', 'Research', 'IT', 'Partnerships'];
const ROLES = ['Manager', 'Engineer', 'Executive', 'Specialist', 'Analyst', 'Consultant', 'Coordinator', 'Representative', 'Architect', 'Associate'];
const INDUSTRIES = ['Software', 'Retail', 'Healthcare', 'Financial Services', 'Manufacturing', 'Logistics', 'Education', 'Media', 'Energy', 'Hospitality'];
const CITIES = ['Paris, France', 'Berlin, Germany', 'Madrid, Spain', 'London, United Kingdom', 'New York, United States', 'Lisbon, Portugal', 'Milan, Italy', 'Toronto, Canada'];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const made = (rand: () => number, parts: number) => capital(Array.from({ length: parts }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));

/** The k-th company of the book's world: the big ones first, then made-up names, each with its own domain. */
function companyName(k: number): string {
  if (k < BIG_COMPANIES.length) return BIG_COMPANIES[k]!;
  const rand = random(1_000_000 + k);
  return `${made(rand, 2 + Math.floor(rand() * 2))} ${COMPANY_SUFFIX[Math.floor(rand() * COMPANY_SUFFIX.length)]}`;
}
const slugOf = (text: string) => foldName(text).replace(/ /g, '-');
const domainOf = (k: number) => `${slugOf(companyName(k))}${k < BIG_COMPANIES.length ? '' : `-${k.toString(36)}`}.example`;

/** People work at 3,000 companies, the biggest employing about one person in ten. */
const COMPANY_INDEXES = Array.from({ length: 3_000 }, (_, k) => k);
const pickCompany = zipf(COMPANY_INDEXES, 1);
const pickFirst = zipf(FIRST, 0.8);
const pickLast = zipf(LAST, 0.9);
const pickCity = zipf(CITIES, 1);

const source = (at: number): Source => ({ op: 'enrichPerson', historyId: `bench-${at}`, at, paid: true });
const fact = (value: string, at: number) => ({ value, source: source(at), alternates: [] });

/** The i-th contact: one in ten a company (the i/10-th of the world's), the rest people; newest first at i = 0. */
export function benchContact(i: number, now: number): Contact {
  const at = now - i * 1_000;
  const rand = random(i);
  let contact: Contact;
  if (i % 10 === 9) {
    const k = Math.floor(i / 10);
    const domain = domainOf(k);
    const id = `domain:${domain}`;
    const c: CompanyContact = {
      kind: 'company', id, keys: [id], words: [], tags: [], firstSeenAt: at, updatedAt: at,
      name: fact(companyName(k), at), domain: fact(domain, at), website: fact(`https://${domain}/`, at),
      industry: fact(INDUSTRIES[Math.floor(rand() * INDUSTRIES.length)]!, at),
    };
    contact = c;
  } else {
    const first = pickFirst(rand());
    // Half the people have a common surname, the others a rarer one.
    const last = rand() < 0.5 ? pickLast(rand()) : made(rand, 2 + Math.floor(rand() * 2));
    const k = pickCompany(rand());
    const title = [SENIORITY[Math.floor(rand() * SENIORITY.length)], FUNCTIONS[Math.floor(rand() * FUNCTIONS.length)], ROLES[Math.floor(rand() * ROLES.length)]].filter(Boolean).join(' ');
    const slug = `${slugOf(`${first} ${last}`)}-${i.toString(36)}`;
    const grade = i % 3 === 0 ? 'verified' : i % 3 === 1 ? 'most_probable' : 'catch_all';
    const p: PersonContact = {
      kind: 'person', id: `person:${slug}`, keys: [`person:${slug}`], words: [], tags: i % 50 === 0 ? ['Paris event'] : [], firstSeenAt: at, updatedAt: at,
      name: fact(`${first} ${last}`, at), companyName: fact(companyName(k), at), title: fact(title, at),
      location: fact(pickCity(rand()), at), networkUrl: fact(`https://www.linkedin.com/in/${slug}/`, at),
      urls: [],
      workEmails: [{ address: `${slugOf(first)}.${slugOf(last)}${i % 7 === 0 ? i % 100 : ''}@${domainOf(k)}`, kind: 'work', grade, foundAt: at, source: source(at) }],
      personalEmails: [],
      phones: i % 4 === 0 ? [{ e164: `+336${String(10_000_000 + i).slice(-8)}`, international: `+33 6 ${String(10_000_000 + i).slice(-8)}`, kind: 'mobile', foundAt: at, source: source(at) }] : [],
      ...(i % 5 === 0 ? { crm: { crm: 'hubspot', found: i % 10 === 0, checkedAt: at } } : {}),
    };
    contact = p;
  }
  return { ...contact, words: searchWords(contact) };
}

export interface BookWords {
  /** The word of three letters or more the most people have (a name, company or title word: "of" aside), and on how many. */
  common: { word: string; people: number };
  /** The letter the most people have a word starting with. */
  letter: { letter: string; people: number };
  /** The most common first name and the biggest company's first word: two common words together. */
  pair: string;
  /** A rarer surname and a first name: what a user types to find one person. */
  distinctive: string;
  /** A word no contact has. */
  nobody: string;
}

/** The query words of the keystroke measure, from the people of a book of `size` (what the book opens on). */
export function bookWords(size: number, now: number): BookWords {
  const byWord = new Map<string, number>();
  const byLetter = new Map<string, number>();
  let distinctive = '';
  for (let i = 0; i < size; i++) {
    const contact = benchContact(i, now);
    if (contact.kind !== 'person') continue;
    const words = contact.words.filter((w) => /^\p{L}{3,}$/u.test(w));
    for (const word of words) byWord.set(word, (byWord.get(word) ?? 0) + 1);
    for (const letter of new Set(contact.words.map((w) => w[0]!))) byLetter.set(letter, (byLetter.get(letter) ?? 0) + 1);
    // A person of the oldest tenth with a made-up surname: on the last pages of the newest-first list.
    if (!distinctive && i > size * 0.9 && contact.name && !LAST.includes(contact.name.value.split(' ')[1]!)) distinctive = foldName(contact.name.value.split(' ').reverse().join(' '));
  }
  const top = <K>(map: Map<K, number>) => [...map].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const [word, people] = top(byWord);
  const [letter, letterPeople] = top(byLetter);
  return {
    common: { word, people },
    letter: { letter, people: letterPeople },
    pair: `${foldName(FIRST[0]!)} ${foldName(BIG_COMPANIES[0]!).split(' ')[0]}`,
    distinctive: distinctive || 'chen maya',
    nobody: 'zqxjv',
  };
}
