import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { foldText } from '@/sandbox/match/normalize';
import { hashedClass, html, NETWORK_CSP, page } from '@/sandbox/pages/html';

const MAX_RESULTS = 10;

/** People search results (`/search/results/people/?keywords=`), matching names, titles and companies. */
export function networkSearchPage(index: DirectoryIndex, keywords: string): string {
  const words = foldText(keywords).split(' ').filter(Boolean);
  const results = index.people
    .filter((person) => {
      const haystack = foldText(`${person.fullName} ${person.firstName} ${person.lastName} ${person.headline} ${person.company}`);
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, MAX_RESULTS);
  const items = results.map(
    (person) => html`<li class="reusable-search__result-container">
      <div data-view-name="search-entity-result-universal-template" data-chameleon-result-urn="urn:li:member:${person.id}" class="${hashedClass(`result${person.slug}`)}">
        <span class="entity-result__title-text t-16">
          <a class="app-aware-link" href="${person.networkUrl}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA${person.id}"><span dir="ltr"><span aria-hidden="true">${person.fullName}</span><span class="visually-hidden">View ${person.fullName}’s profile</span></span></a>
        </span>
        <div class="t-14 t-black t-normal">${person.headline}</div>
        <div class="t-14 t-normal">${person.location}</div>
      </div>
    </li>`,
  );
  const body = html`<main id="main" class="${hashedClass('search')}">
    <h2 class="pb2 t-black--light t-14">About ${results.length} results</h2>
    ${results.length === 0 ? html`<p>No results found</p>` : html`<ul class="reusable-search__entity-result-list">${items}</ul>`}
  </main>`;
  return page({ title: `${keywords ? `${keywords} - ` : ''}Search | LinkedIn`, head: NETWORK_CSP, body });
}
