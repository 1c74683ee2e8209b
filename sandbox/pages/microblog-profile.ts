import type { Person } from '@/sandbox/directory';
import { html, jsonScript, page } from '@/sandbox/pages/html';

/** A microblog profile (`x.com/<username>`): data-testid landmarks and a JSON-LD ProfilePage. */
export function microblogProfilePage(person: Person & { microblogUsername: string; microblog: NonNullable<Person['microblog']> }): string {
  const username = person.microblogUsername;
  const body = html`
  ${jsonScript({
    '@context': 'http://schema.org',
    '@type': 'ProfilePage',
    dateCreated: `${person.microblog.joined}T00:00:00.000Z`,
    mainEntity: {
      '@type': 'Person',
      additionalName: username,
      description: person.microblog.bio,
      givenName: person.fullName,
      homeLocation: { '@type': 'Place', name: person.location },
      identifier: person.microblog.id,
      url: `https://x.com/${username}`,
      interactionStatistic: [
        { '@type': 'InteractionCounter', name: 'Follows', userInteractionCount: person.microblog.followers },
        { '@type': 'InteractionCounter', name: 'Friends', userInteractionCount: person.microblog.following },
      ],
    },
  })}
  <div id="react-root"><main role="main"><div data-testid="primaryColumn">
    <div data-testid="UserName"><div dir="ltr"><span>${person.fullName}</span></div><div dir="ltr"><span>@${username}</span></div></div>
    <div data-testid="UserDescription" dir="auto"><span>${person.microblog.bio}</span></div>
    <div data-testid="UserProfileHeader_Items"><span data-testid="UserLocation"><span>${person.location}</span></span> <span data-testid="UserJoinDate">Joined ${person.microblog.joined.slice(0, 7)}</span></div>
    <div><a href="/${username}/following"><span>${person.microblog.following}</span> Following</a> <a href="/${username}/verified_followers"><span>${person.microblog.followers}</span> Followers</a></div>
  </div></main></div>`;
  return page({ title: `${person.fullName} (@${username}) / X`, body });
}
