import type { Company } from '@/sandbox/directory';
import { countryName } from '@/sandbox/geo';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { hashedClass, html, NETWORK_CSP, page } from '@/sandbox/pages/html';

const TAB_TITLES: Record<string, string> = { about: 'About', people: 'People', jobs: 'Jobs' };

/** A company page and its sub-pages (`about/`, `people/`, `jobs/`), per page-landmarks.md. */
export function networkCompanyPage(index: DirectoryIndex, company: Company, tab: string | undefined): string {
  const staff = index.people.filter((person) => person.company === company.name);
  const hq = company.headquarters;
  const body = html`
  <code style="display:none" id="bpr-guid-${company.slug.length + 9000}">${JSON.stringify({ data: { $type: 'com.linkedin.voyager.organization.Company', universalName: company.slug, name: company.name } })}</code>
  <main id="main" class="scaffold-layout__main ${hashedClass(`co${company.slug}`)}">
    <section class="org-top-card artdeco-card">
      <h1 class="${hashedClass(`h1${company.slug}`)} org-top-card-summary__title t-24 t-black t-bold" title="${company.name}">${company.name}</h1>
      <div class="org-top-card-summary-info-list">
        <div class="org-top-card-summary-info-list__info-item">${company.industry}</div>
        <div class="org-top-card-summary-info-list__info-item">${hq.city}, ${hq.region}</div>
        <div class="org-top-card-summary-info-list__info-item">${company.size} employees</div>
      </div>
      <a href="${company.website}" rel="noopener noreferrer">Visit website</a>
    </section>
    <section class="artdeco-card" id="about">
      <h2>Overview</h2><p class="break-words">${company.description}</p>
      <dl>
        <dt>Website</dt><dd><a href="${company.website}">${company.website}</a></dd>
        <dt>Industry</dt><dd>${company.industry}</dd>
        <dt>Company size</dt><dd>${company.size} employees</dd>
        <dt>Headquarters</dt><dd>${hq.city}, ${hq.region}, ${countryName(hq.country)}</dd>
        <dt>Founded</dt><dd>${company.founded}</dd>
        <dt>Specialties</dt><dd>${company.specialties.join(', ')}</dd>
      </dl>
    </section>
    <section class="artdeco-card" id="people"><h2>People</h2><ul>${staff.map(
      (person) => html`<li><a href="${person.networkUrl}"><span aria-hidden="true">${person.fullName}</span><span class="visually-hidden">View ${person.fullName}’s profile</span></a><div class="t-14 t-black t-normal">${person.headline}</div></li>`,
    )}</ul></section>
  </main>`;
  return page({ title: `${company.name}: ${TAB_TITLES[tab ?? ''] ?? 'Overview'} | LinkedIn`, head: NETWORK_CSP, body });
}
