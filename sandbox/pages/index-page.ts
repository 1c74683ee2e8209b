import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { html, page } from '@/sandbox/pages/html';

/** `/pages/`: links to every demo page, for people exploring the sandbox by hand. */
export function pagesIndex(index: DirectoryIndex): string {
  const body = html`<main><h1>Sandbox demo pages</h1>
    <p>Pages shaped like the real sites; the end-to-end tests serve them at the real addresses.</p>
    <p><a href="/pages/contacts">A page with contacts in it</a> · <a href="/pages/search?keywords=engineer">People search: engineer</a></p>
    <h2>People</h2><ul>${index.people.map((person) => html`<li><a href="/pages/in/${encodeURIComponent(person.slug)}/">${person.fullName}</a> — ${person.headline}${person.microblogUsername ? html` · <a href="/pages/microblog/${person.microblogUsername}">@${person.microblogUsername}</a>` : ''}</li>`)}</ul>
    <h2>Companies</h2><ul>${index.companies.map((company) => html`<li><a href="/pages/company/${company.slug}/">${company.name}</a></li>`)}</ul>
  </main>`;
  return page({ title: 'Sandbox demo pages', body });
}
