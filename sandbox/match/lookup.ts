import type { Company, Directory, Person } from '@/sandbox/directory';
import { domainKey, emailKey, foldText, phoneKey, slugKey, usernameKey } from '@/sandbox/match/normalize';

/**
 * Indexes the directory once by every identity the operations look people up by.
 * Lookups take already-normalised keys or raw text, as named.
 */
export class DirectoryIndex {
  readonly #bySlug = new Map<string, Person>();
  readonly #byWorkEmail = new Map<string, Person>();
  readonly #byPersonalEmail = new Map<string, Person>();
  readonly #byPhone = new Map<string, Person>();
  readonly #byUsername = new Map<string, Person>();
  readonly #companyByName = new Map<string, Company>();
  readonly #companyByDomain = new Map<string, Company>();
  readonly #companyBySlug = new Map<string, Company>();

  constructor(readonly directory: Directory) {
    for (const company of directory.companies) {
      this.#companyByName.set(foldText(company.name), company);
      this.#companyByDomain.set(company.domain.toLowerCase(), company);
      this.#companyBySlug.set(slugKey(company.slug), company);
    }
    for (const person of directory.people) {
      this.#bySlug.set(slugKey(person.slug), person);
      if (person.email) this.#byWorkEmail.set(person.email.toLowerCase(), person);
      if (person.personalEmail) this.#byPersonalEmail.set(person.personalEmail.toLowerCase(), person);
      for (const phone of person.phones) this.#byPhone.set(phone, person);
      if (person.microblogUsername) this.#byUsername.set(person.microblogUsername.toLowerCase(), person);
    }
  }

  get people(): readonly Person[] {
    return this.directory.people;
  }

  get companies(): readonly Company[] {
    return this.directory.companies;
  }

  personBySlug(slug: string): Person | undefined {
    return this.#bySlug.get(slugKey(slug));
  }

  personByWorkEmail(email: string): Person | undefined {
    const key = emailKey(email);
    return key === undefined ? undefined : this.#byWorkEmail.get(key);
  }

  personByPersonalEmail(email: string): Person | undefined {
    const key = emailKey(email);
    return key === undefined ? undefined : this.#byPersonalEmail.get(key);
  }

  personByAnyEmail(email: string): Person | undefined {
    return this.personByWorkEmail(email) ?? this.personByPersonalEmail(email);
  }

  personByPhone(phone: string): Person | undefined {
    const key = phoneKey(phone);
    return key === undefined ? undefined : this.#byPhone.get(key);
  }

  personByUsername(username: string): Person | undefined {
    const key = usernameKey(username);
    return key === undefined ? undefined : this.#byUsername.get(key);
  }

  /** A company by its display name (accent- and case-insensitive) or by its web domain. */
  company(nameOrDomain: string): Company | undefined {
    const byName = this.#companyByName.get(foldText(nameOrDomain));
    if (byName) return byName;
    const domain = domainKey(nameOrDomain);
    return domain === undefined ? undefined : this.#companyByDomain.get(domain);
  }

  companyBySlug(slug: string): Company | undefined {
    return this.#companyBySlug.get(slugKey(slug));
  }

  companyOf(person: Person): Company {
    const company = this.#companyByName.get(foldText(person.company));
    if (!company) throw new Error(`Directory is inconsistent: ${person.fullName} works at unknown ${person.company}`);
    return company;
  }

  personByName(name: { fullName: string } | { firstName: string; lastName: string }, company: Company): Person | undefined {
    const matches = (person: Person) =>
      'fullName' in name
        ? foldText(person.fullName) === foldText(name.fullName) ||
          foldText(`${person.firstName} ${person.lastName}`) === foldText(name.fullName)
        : foldText(person.firstName) === foldText(name.firstName) && foldText(person.lastName) === foldText(name.lastName);
    return this.directory.people.find((person) => person.company === company.name && matches(person));
  }
}
