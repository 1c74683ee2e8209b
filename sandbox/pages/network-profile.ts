import type { Person } from '@/sandbox/directory';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { hashedClass, html, NETWORK_CSP, page } from '@/sandbox/pages/html';

function monthYear(date: string | null): string {
  if (!date) return 'Present';
  const [year, month] = date.split('-');
  const name = new Date(Date.UTC(Number(year), Number(month ?? '1') - 1, 1)).toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  return `${name} ${year}`;
}

/** Hidden data blobs like the ones the site streams into the page; extractors must not need them. */
function codeBlobs(person: Person) {
  const blob = (id: number, data: unknown) => html`<code style="display:none" id="bpr-guid-${id}">${JSON.stringify(data)}</code>`;
  return [
    blob(Number(person.id) + 1, { data: { $type: 'com.linkedin.voyager.common.Me', plainId: 4242, publicIdentifier: 'you-the-viewer' }, included: [] }),
    blob(Number(person.id) + 2, {
      data: { $type: 'com.linkedin.voyager.dash.identity.profile.Profile', firstName: person.firstName, lastName: person.lastName, headline: person.headline, publicIdentifier: person.slug },
      meta: { microSchema: 'profile' },
    }),
    blob(Number(person.id) + 3, { request: '/voyager/api/graphql?variables=(vanityName:' + person.slug + ')', status: 200, promo: 'promote@2x.png' }),
  ];
}

/** A person's profile as a logged-in browser sees it (see page-landmarks.md). */
export function networkProfilePage(index: DirectoryIndex, person: Person): string {
  const company = index.companyOf(person);
  // Some profiles carry the unread-notifications prefix in the title, as the real site does.
  const unread = Number(person.id) % 3 === 0 ? `(${(Number(person.id) % 9) + 1}) ` : '';
  const experience = person.experience.map((position) => {
    const employer = index.company(position.company);
    return html`<li class="artdeco-list__item ${hashedClass(`li${position.company}`)}">
      <div data-view-name="profile-component-entity" class="${hashedClass(`entity${position.title}`)}">
        <a class="optional-action-target-wrapper" href="${employer?.networkUrl ?? '#'}"><img alt="${position.company} logo" src="/aero-v1/sc/h/company-logo@2x.png" width="48" height="48"></a>
        <div class="display-flex flex-column">
          <div class="t-bold"><span aria-hidden="true">${position.title}</span><span class="visually-hidden">${position.title}</span></div>
          <span class="t-14 t-normal"><span aria-hidden="true">${position.company} · Full-time</span><span class="visually-hidden">${position.company} · Full-time</span></span>
          <span class="t-14 t-normal t-black--light"><span aria-hidden="true">${monthYear(position.startDate)} - ${monthYear(position.endDate)}</span></span>
        </div>
      </div>
    </li>`;
  });
  const body = html`
  ${codeBlobs(person)}
  <header class="global-nav ${hashedClass('nav')}"><a href="https://www.linkedin.com/feed/">Home</a> <img src="/aero-v1/sc/h/promote@2x.png" alt=""> <a href="https://www.linkedin.com/mynetwork/">My Network</a></header>
  <main id="main" class="scaffold-layout__main ${hashedClass(`main${person.slug}`)}">
    <section class="artdeco-card ${hashedClass(`card${person.slug}`)}">
      <div class="ph5 pb5">
        <div class="mt2 relative">
          <div class="${hashedClass(`name-wrap${person.slug}`)}">
            <h1 class="${hashedClass(`h1${person.slug}`)} inline t-24 v-align-middle break-words">${person.fullName}</h1>
          </div>
          <div class="text-body-medium break-words">${person.headline}</div>
          <div class="${hashedClass(`loc${person.slug}`)} mt2">
            <span class="text-body-small inline t-black--light break-words">${person.location}</span>
            <span class="pv-text-details__separator t-black--light">·</span>
            <a href="${person.networkUrl}/overlay/contact-info/" class="link-without-visited-state">Contact info</a>
          </div>
          <ul class="pv-text-details__right-panel">
            <li><button aria-label="Current company: ${company.name}. Click to skip to experience card" class="${hashedClass(`btn${company.slug}`)}" type="button"><img alt="" src="/aero-v1/sc/h/company-logo@2x.png" width="32" height="32"><span class="t-14 t-black t-bold">${company.name}</span></button></li>
          </ul>
          <span class="t-bold">${person.connections}+ connections</span>
        </div>
      </div>
    </section>
    <section class="artdeco-card" id="about"><h2 class="pvs-header__title"><span aria-hidden="true">About</span></h2><div class="inline-show-more-text"><span aria-hidden="true">${person.summary}</span></div></section>
    <section class="artdeco-card" id="experience"><h2 class="pvs-header__title"><span aria-hidden="true">Experience</span><span class="visually-hidden">Experience</span></h2><ul>${experience}</ul></section>
    <section class="artdeco-card" id="education"><h2 class="pvs-header__title"><span aria-hidden="true">Education</span></h2><ul>${person.education.map(
      (school) => html`<li><div data-view-name="profile-component-entity"><span aria-hidden="true">${school.school}</span><span aria-hidden="true">${school.degree}, ${school.field}</span><span aria-hidden="true">${school.startYear} - ${school.endYear}</span></div></li>`,
    )}</ul></section>
  </main>`;
  return page({ title: `${unread}${person.fullName} | LinkedIn`, head: NETWORK_CSP, body });
}
