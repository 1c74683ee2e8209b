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
  /** Lowercased emails and E.164 numbers visible on the page. */
  visible: { emails: string[]; phones: string[] };
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
  const feed = Array.from({ length: 800 }, (_, i) => `
    <div class="feed-shared-update-v2 xYzAbCdEfGhI" data-urn="urn:li:activity:${digits(rand, 19)}">
      <div class="update-components-actor"><a href="https://www.linkedin.com/in/colleague-${i}/"><span aria-hidden="true">Colleague ${i}</span><span class="visually-hidden">View Colleague ${i}’s profile</span></a>
      <span class="t-12">${1 + (i % 23)}h • Edited</span></div>
      <div class="update-components-text"><span dir="ltr">${sentence(rand, 18)} <span>${i % 5 === 0 ? distractors(rand) : sentence(rand, 6)}</span></span></div>
      <ul class="social-details"><li><button aria-label="React Like to Colleague ${i}’s post" type="button">Like</button></li><li><button aria-label="Comment on Colleague ${i}’s post" type="button">Comment</button></li><li><span>${digits(rand, 3)} reactions</span></li></ul>
    </div>`).join('');
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
