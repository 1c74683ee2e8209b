/**
 * Deterministic large pages for the page-reader bench, shaped like the real site's
 * (page-landmarks.md): a 1.5 MB profile whose bulk is hidden `<code>` state blobs full of
 * digit runs and `…@2x.png` strings, and a 1 MB ordinary page of paragraphs with a few
 * contacts among many look-alikes. Each page says which contacts a person can see.
 */

export interface BenchPage {
  name: string;
  url: string;
  html: string;
  /** Lowercased emails and E.164 numbers visible on the page; the fixtures do not say. */
  visible?: { emails: string[]; phones: string[] };
}

/** mulberry32: the same pages (and the bench's contact book) on every run and machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'data platform engineering team launch customers growth analytics pipeline quarterly review ' +
  'strategy product market hiring leadership cloud migration security roadmap partners revenue ' +
  'design research mentoring community conference keynote workshop open source release'
).split(' ');

function sentence(rand: () => number, words = 12): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

const hash = (rand: () => number, length: number) =>
  Array.from({ length }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('');
const digits = (rand: () => number, length: number) => Array.from({ length }, () => Math.floor(rand() * 10)).join('');

/** Look-alikes that a naive finder reports: ids, dates, versions, prices, retina assets. */
function distractors(rand: () => number): string {
  return [
    `Order ${digits(rand, 10)} placed 2024-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 10)}`,
    `build ${1 + Math.floor(rand() * 9)}.${Math.floor(rand() * 20)}.${digits(rand, 5)}.${digits(rand, 4)}`,
    `total $${digits(rand, 1)},${digits(rand, 3)},${digits(rand, 3)}.00`,
    `commit ${hash(rand, 7)}${digits(rand, 8)}${hash(rand, 5)}`,
    `icon promote@2x.png`,
    `ISBN 978-${digits(rand, 1)}-${digits(rand, 3)}-${digits(rand, 5)}-${digits(rand, 1)}`,
  ][Math.floor(rand() * 6)]!;
}

/** A hidden state blob like the site streams into the page (never shown, never to be read). */
function stateBlob(rand: () => number, id: number, size: number): string {
  const included: unknown[] = [];
  let length = 0;
  while (length < size) {
    const item = {
      $type: 'com.linkedin.voyager.dash.feed.Update',
      entityUrn: `urn:li:fsd_update:(urn:li:activity:${digits(rand, 19)},MAIN_FEED,EMPTY,DEFAULT,false)`,
      trackingId: digits(rand, 16),
      phoneNumber: `+1 415 555 ${digits(rand, 4)}`,
      contact: `member${digits(rand, 6)}@members.example`,
      image: { rootUrl: 'https://media.example/dms/image/', artifact: `promote@2x.png`, width: 800, height: 800 },
      commentary: sentence(rand, 20),
      createdAt: 1714567890123 + Math.floor(rand() * 1e9),
    };
    const json = JSON.stringify(item);
    length += json.length;
    included.push(item);
  }
  return `<code style="display:none" id="bpr-guid-${id}">${JSON.stringify({ data: {}, included }).replace(/</g, '&lt;')}</code>`;
}

/** The activity feed under a profile: visible posts by colleagues, a few with look-alikes. */
function activityFeed(rand: () => number, count: number): string {
  return Array.from({ length: count }, (_, i) => `
    <div class="feed-shared-update-v2 xYzAbCdEfGhI" data-urn="urn:li:activity:${digits(rand, 19)}">
      <div class="update-components-actor"><a href="https://www.linkedin.com/in/colleague-${i}/"><span aria-hidden="true">Colleague ${i}</span><span class="visually-hidden">View Colleague ${i}’s profile</span></a>
      <span class="t-12">${1 + (i % 23)}h • Edited</span></div>
      <div class="update-components-text"><span dir="ltr">${sentence(rand, 18)} <span>${i % 5 === 0 ? distractors(rand) : sentence(rand, 6)}</span></span></div>
      <ul class="social-details"><li><button aria-label="React Like to Colleague ${i}’s post" type="button">Like</button></li><li><button aria-label="Comment on Colleague ${i}’s post" type="button">Comment</button></li><li><span>${digits(rand, 3)} reactions</span></li></ul>
    </div>`).join('');
}

export function profilePage(): BenchPage {
  const rand = random(1);
  const blobs = Array.from({ length: 5 }, (_, i) => stateBlob(rand, 1000 + i, 130_000)).join('\n');
  const experience = Array.from({ length: 40 }, (_, i) => `
    <li class="artdeco-list__item kQmZpXrTyUvW"><div data-view-name="profile-component-entity" class="aBcDeFgHiJkL">
      <a class="optional-action-target-wrapper" href="https://www.linkedin.com/company/company-${i}/"><img alt="Company ${i} logo" src="/aero-v1/sc/h/company-logo@2x.png"></a>
      <div class="display-flex flex-column"><div class="t-bold"><span aria-hidden="true">Role ${i}</span><span class="visually-hidden">Role ${i}</span></div>
      <span class="t-14 t-normal"><span aria-hidden="true">${i === 0 ? 'Northwind Analytics' : `Company ${i}`} · Full-time</span></span>
      <span class="t-14 t-normal t-black--light"><span aria-hidden="true">Jan 20${10 + (i % 14)} - Dec 20${11 + (i % 14)}</span></span>
      <ul>${Array.from({ length: 4 }, () => `<li><span aria-hidden="true">${sentence(rand)}</span><span class="visually-hidden">${sentence(rand)}</span></li>`).join('')}</ul></div>
    </div></li>`).join('');
  const feed = activityFeed(rand, 800);
  const body = `
${blobs}
<header class="global-nav qWtXaPbnRkcy"><a href="https://www.linkedin.com/feed/">Home</a> <img src="/aero-v1/sc/h/promote@2x.png" alt=""> <a href="https://www.linkedin.com/in/you-the-viewer/" aria-label="Me">Me</a></header>
<main id="main" class="scaffold-layout__main ZfkSyTgqLpRe">
  <section class="artdeco-card HmbQoTzYxKwe"><div class="ph5 pb5"><div class="mt2 relative">
    <div class="cXvRtpLqZmna"><span><a href="/in/maya-okafor-3b9a71c2/overlay/about-this-profile/"><h1 class="pKqLmNoRsTuv inline t-24 v-align-middle break-words">Maya Okafor</h1></a></span></div>
    <div class="text-body-medium break-words">Head of Data Platform at Northwind Analytics</div>
    <div class="eRtYuIoPaSdf mt2"><span class="text-body-small inline t-black--light break-words">Lisbon, Lisbon, Portugal</span>
      <span class="pv-text-details__separator t-black--light">·</span><a href="/in/maya-okafor-3b9a71c2/overlay/contact-info/">Contact info</a></div>
    <ul><li><button aria-label="Current company: Northwind Analytics. Click to skip to experience card" type="button"><span>Northwind Analytics</span></button></li></ul>
  </div></div></section>
  <section class="artdeco-card" id="about"><h2><span aria-hidden="true">About</span></h2><div class="inline-show-more-text">
    <p>Reach me at maya.okafor@northwind.example or on +1 415 555 0142 (US office). Speaking requests: talks@northwind.example.</p>
    <p>${sentence(rand, 30)} ${distractors(rand)}</p></div></section>
  <section class="artdeco-card" id="experience"><h2><span aria-hidden="true">Experience</span></h2><ul>${experience}</ul></section>
  <section class="artdeco-card" id="activity"><h2>Activity</h2>${feed}</section>
</main>`;
  return {
    name: 'profile (1.5 MB)',
    url: 'https://www.linkedin.com/in/maya-okafor-3b9a71c2/',
    html: `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>(3) Maya Okafor | LinkedIn</title></head><body>${body}</body></html>`,
    visible: { emails: ['maya.okafor@northwind.example', 'talks@northwind.example'], phones: ['+14155550142'] },
  };
}

export function ordinaryPage(): BenchPage {
  const rand = random(2);
  const emails: string[] = [];
  const phones: string[] = [];
  const sections = Array.from({ length: 400 }, (_, i) => {
    const paragraphs = Array.from({ length: 8 }, (_, j) => {
      let extra = j % 3 === 0 ? distractors(rand) : sentence(rand, 5);
      if (j === 4 && i % 40 === 0) {
        const email = `contact${i}@company${i}.example`;
        const phone = `+1 212 555 0${String(100 + i).slice(-3)}`;
        emails.push(email);
        phones.push(phone.replace(/\s/g, ''));
        extra = `Write to ${email} or call ${phone}.`;
      }
      return `<p>${sentence(rand, 25)} <em>${sentence(rand, 4)}</em> ${extra}</p>`;
    }).join('');
    return `<section><h2>Section ${i}</h2>${paragraphs}<table><tr><td>${digits(rand, 6)}</td><td>${hash(rand, 12)}</td><td>v${digits(rand, 1)}.${digits(rand, 1)}.${digits(rand, 2)}</td></tr></table></section>`;
  }).join('\n');
  return {
    name: 'ordinary page (1 MB)',
    url: 'https://news.example/articles/long-read',
    html: `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>A long read</title></head><body><main>${sections}</main></body></html>`,
    visible: { emails, phones },
  };
}

/** LinkedIn's people search at its largest: the state blobs, navigation and rail around one page of ten results. */
export function searchPage(): BenchPage {
  const rand = random(3);
  const blobs = Array.from({ length: 6 }, (_, i) => stateBlob(rand, 2000 + i, 150_000)).join('\n');
  const rows = Array.from({ length: 10 }, (_, i) => `
    <li class="reusable-search__result-container kLmNoPqRsTuV"><div data-view-name="search-entity-result-universal-template" data-chameleon-result-urn="urn:li:member:${digits(rand, 9)}" class="entity-result">
      <div class="entity-result__item"><div class="entity-result__universal-image"><a class="app-aware-link" aria-hidden="true" tabindex="-1" href="https://www.linkedin.com/in/person-${i}-${hash(rand, 8)}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${hash(rand, 12)}"><img alt="" src="/photo@2x.png"></a></div>
      <div class="entity-result__content"><div class="mb1"><div class="t-roman t-sans"><div class="display-flex"><span class="entity-result__title-line"><span class="entity-result__title-text t-16">
        <a class="app-aware-link" href="https://www.linkedin.com/in/person-${i}-${hash(rand, 8)}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${hash(rand, 12)}"><span dir="ltr"><span aria-hidden="true"><!---->Person ${i} Example<!----></span><span class="visually-hidden"><!---->View Person ${i} Example’s profile<!----></span></span></a>
        <span class="entity-result__badge t-14 t-normal t-black--light"><div class="entity-result__badge-text"><span aria-hidden="true">• 2nd</span><span class="visually-hidden">2nd degree connection</span></div></span></span></span></div></div>
        <div class="entity-result__primary-subtitle t-14 t-black t-normal"><!---->${sentence(rand, 5)}<!----></div>
        <div class="entity-result__secondary-subtitle t-14 t-normal"><!---->Lisbon, Lisbon, Portugal<!----></div></div>
        <p class="entity-result__summary t-12">${sentence(rand, 20)}</p>
        <p class="entity-result__simple-insight">Shared connection: <a href="https://www.linkedin.com/in/shared-${i}/">Shared ${i}</a></p></div>
      <div class="entity-result__actions"><button aria-label="Invite Person ${i} Example to connect" class="artdeco-button">Connect</button></div></div>
    </div></li>`).join('');
  const rail = Array.from({ length: 300 }, (_, i) => `<li class="aBcDeF"><div class="t-12 t-black--light"><span aria-hidden="true">${sentence(rand, 6)}</span><span class="visually-hidden">${sentence(rand, 6)}</span></div><span>${digits(rand, 3)} followers</span> <span>${i % 7 === 0 ? distractors(rand) : ''}</span></li>`).join('');
  const body = `
${blobs}
<header class="global-nav qWtXaPbnRkcy"><ul><li><a href="https://www.linkedin.com/feed/">Home</a></li><li><a href="https://www.linkedin.com/in/you-the-viewer/">Me</a></li></ul></header>
<main id="main" class="XcVbNmQwErTy"><h2 class="pb2 t-black--light t-14">About 1,240,000 results</h2>
  <ul class="reusable-search__entity-result-list">${rows}</ul></main>
<aside class="scaffold-layout__aside"><ul>${rail}</ul></aside>`;
  return {
    name: 'search (1 MB)',
    url: 'https://www.linkedin.com/search/results/people/?keywords=data%20platform',
    html: `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>data platform - Search | LinkedIn</title></head><body>${body}</body></html>`,
    visible: { emails: [], phones: [] },
  };
}

const ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" class="r-4qtqp9 r-yyyyoo r-dnmrzs"><g><path d="M1.751 10c0-4.42 3.584-8 8.005-8h4.366c4.49 0 8.129 3.64 8.129 8.13 0 2.96-1.607 5.68-4.196 7.11l-8.054 4.46v-3.69h-.067c-4.49.1-8.183-3.51-8.183-8.01z"></path></g></svg>';

/** Nested the way react-native-web nests: a div per style, a dozen deep around each line of text. */
const nest = (depth: number, inner: string) => `${'<div class="css-175oi2r r-18u37iz">'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;

/** Posts of an X timeline; the contacts some of them show are added to `emails` and `phones`. */
function timelinePosts(rand: () => number, count: number, emails: string[], phones: string[]): string {
  return Array.from({ length: count }, (_, i) => {
    let text = `${sentence(rand, 14)} `;
    if (i % 50 === 7) {
      const email = `press${i}@robots.example`;
      const phone = `+46 31 ${100 + (i % 800)} ${10 + (i % 89)} ${10 + (i % 80)}`;
      emails.push(email);
      phones.push(`+4631${100 + (i % 800)}${10 + (i % 89)}${10 + (i % 80)}`);
      text += `Email ${email} or call ${phone}`;
    } else if (i % 9 === 0) text += distractors(rand);
    const handle = `user_${hash(rand, 6)}`;
    const counts = ['Reply', 'Repost', 'Like', 'Bookmark'].map((label) =>
      `<button aria-label="${digits(rand, 3)} ${label}s. ${label}" role="button" type="button" class="css-175oi2r r-1777fci">${nest(3, `${ICON}${nest(2, `<span data-testid="app-text-transition-container"><span class="css-1jxf684"><span>${digits(rand, 1)},${digits(rand, 3)}</span></span></span>`)}`)}</button>`).join('');
    const menu = `<div role="menu" class="r-menu" style="display:none">${['Not interested in this post', `Follow @${handle}`, 'Add/remove from Lists', `Mute @${handle}`, `Block @${handle}`, 'Report post', `Call support 020 7946 0${String(100 + (i % 900)).slice(-3)}`].map((item) => nest(2, `<span class="css-1jxf684">${item}</span>`)).join('')}</div>`;
    return `<div data-testid="cellInnerDiv" style="transform: translateY(${i * 420}px); position: absolute; width: 100%;">${nest(4, `<article data-testid="tweet" role="article" tabindex="0" aria-labelledby="id__${hash(rand, 8)}" class="css-175oi2r r-18u37iz r-1ut4w64">
      ${nest(6, `<div data-testid="User-Name">${nest(3, `<a href="/${handle}" role="link">${nest(2, `<span class="css-1jxf684"><span class="css-1jxf684">Poster ${i}</span></span>`)}${ICON}</a>`)}${nest(2, `<a href="/${handle}" role="link" tabindex="-1">${nest(1, `<span class="css-1jxf684">@${handle}</span>`)}</a><div aria-hidden="true" class="css-175oi2r"><span class="css-1jxf684">·</span></div><a href="/${handle}/status/${digits(rand, 19)}"><time datetime="2026-11-${10 + (i % 18)}T10:00:00.000Z">${1 + (i % 23)}h</time></a>`)}</div>
      <button aria-label="More" aria-haspopup="menu" type="button">${nest(2, ICON)}</button>${menu}`)}
      ${nest(3, `<div data-testid="tweetText" lang="en" dir="auto" class="css-146c3p1"><span class="css-1jxf684">${text}</span><div class="css-175oi2r r-xoduu5"><span class="r-18u37iz"><a href="/${handle}" role="link" class="css-1jxf684">@${handle}</a></span></div><span class="css-1jxf684"> ${sentence(rand, 6)}</span></div>`)}
      ${nest(2, `<div role="group" aria-label="${digits(rand, 2)} replies, ${digits(rand, 3)} reposts, ${digits(rand, 4)} likes, ${digits(rand, 6)} views">${counts}</div>`)}
    </article>`)}</div>`;
  }).join('\n');
}

/**
 * An X profile with its timeline scrolled far: hundreds of posts, each a deep tree of divs with
 * little text per node (names, `@handles`, counts, times), icons, closed menus and the page's
 * state in an inline script. A few posts show an email or a number.
 */
export function timelinePage(count = 400): BenchPage {
  const rand = random(4);
  const emails: string[] = [];
  const phones: string[] = [];
  const posts = timelinePosts(rand, count, emails, phones);
  const state = JSON.stringify({ entities: Array.from({ length: 2500 }, () => ({ id_str: digits(rand, 19), user: `user_${hash(rand, 6)}`, created_at: 1714567890123 + Math.floor(rand() * 1e9), text: sentence(rand, 12), phone: `+1 415 555 ${digits(rand, 4)}` })) });
  const css = Array.from({ length: 3000 }, (_, i) => `.r-${hash(rand, 6)}{margin-left:${i % 40}px;transform:translateY(${digits(rand, 3)}px)}`).join('');
  const body = `
<div id="react-root"><div class="css-175oi2r r-13awgt0">
<header role="banner">${nest(5, ['Home', 'Explore', 'Notifications', 'Messages', 'Grok', 'Lists', 'Bookmarks', 'Profile', 'More'].map((item) => `<a href="/${item.toLowerCase()}" role="link">${nest(2, `${ICON}<span class="css-1jxf684">${item}</span>`)}</a>`).join(''))}</header>
<main role="main">${nest(4, `<div data-testid="primaryColumn">
  ${nest(3, `<div data-testid="UserName">${nest(2, `<span class="css-1jxf684">Ada Lindqvist</span>${ICON}`)}${nest(2, '<span class="css-1jxf684">@Ada_Builds</span>')}</div>`)}
  <div data-testid="UserDescription" dir="auto"><span>Building robots in Göteborg. Opinions my own.</span></div>
  <div data-testid="UserProfileHeader_Items"><span data-testid="UserLocation"><span>Göteborg, Sweden</span></span> <span data-testid="UserJoinDate">Joined March 2014</span></div>
  <section role="region" aria-labelledby="accessible-list-1"><h1 class="r-4qtqp9" id="accessible-list-1" style="position:absolute;clip:rect(1px,1px,1px,1px)">Ada Lindqvist’s posts</h1><div aria-label="Timeline: Ada Lindqvist’s posts" style="position: relative; min-height: ${count * 420}px;">${posts}</div></section>`)}</main>
</div></div>
<script type="text/javascript" charset="utf-8" nonce="x">window.__INITIAL_STATE__=${state.replace(/</g, '\\u003c')};</script>
<style id="react-native-stylesheet">${css}</style>`;
  const ld = '{"@context":"http://schema.org","@type":"ProfilePage","mainEntity":{"@type":"Person","additionalName":"Ada_Builds","givenName":"Ada Lindqvist","identifier":"1234567890","url":"https://x.com/Ada_Builds"}}';
  return {
    name: `X timeline (${count} posts)`,
    url: 'https://x.com/Ada_Builds',
    html: `<!DOCTYPE html><html dir="ltr" lang="en"><head><meta charset="utf-8"><title>Ada Lindqvist (@Ada_Builds) / X</title><script type="application/ld+json">${ld}</script></head><body>${body}</body></html>`,
    visible: { emails, phones },
  };
}

/**
 * A real-layout fixture (test/fixtures/pages) at the weight of the real page: the fixture's
 * own markup first, then what the site adds around it (page-landmarks.md): for the network,
 * hidden state blobs and a long activity feed (a profile is 1.1 to 1.9 MB); for X, a timeline.
 */
export function atRealSize(fixture: { name: string; url: string; html: string }): BenchPage {
  const rand = random(5);
  const bulk = /^https:\/\/(?:x|twitter)\.com\//.test(fixture.url)
    ? timelinePosts(rand, 300, [], [])
    : `${Array.from({ length: 5 }, (_, i) => stateBlob(rand, 3000 + i, 130_000)).join('\n')}<section class="artdeco-card">${activityFeed(rand, 600)}</section>`;
  return { name: `${fixture.name}, at real size`, url: fixture.url, html: fixture.html.replace(/<\/body>/i, `${bulk}</body>`) };
}
