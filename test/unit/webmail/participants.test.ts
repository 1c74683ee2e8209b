import { afterEach, describe, expect, it } from 'vitest';
import { participantsOf, readGmailParticipants, readOutlookParticipants, webmailHostOf } from '@/lib/webmail/content/participants';
import { OFF_LIMITS, WEBMAIL_CASES, webmailHtml } from '@/test/fixtures/webmail';
import { pageAt } from '@/test/unit/detect/dom';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

function page(file: string, url: string) {
  const opened = pageAt(url, webmailHtml(file));
  open.push(opened.close);
  return opened.document;
}

describe('participantsOf over the fixture pages', () => {
  it.each(WEBMAIL_CASES)('$name', ({ file, url, expected }) => {
    expect(participantsOf(page(file, url), url)).toEqual(expected);
  });

  it.each(WEBMAIL_CASES)('$name: nothing written in a body or the message list is returned', ({ file, url, neverReturned }) => {
    const found = JSON.stringify(participantsOf(page(file, url), url));
    expect(neverReturned.length).toBeGreaterThan(0);
    for (const text of neverReturned) expect(found).not.toContain(text.toLowerCase());
  });

  it('is null on a page that is not a web mail client', () => {
    const { file } = WEBMAIL_CASES[0]!;
    expect(participantsOf(page(file, 'https://example.com/'), 'https://example.com/')).toBeNull();
  });
});

describe('what the readers never read', () => {
  it.each(WEBMAIL_CASES)('$name: the same people with the bodies and lists removed', ({ file, url }) => {
    const doc = page(file, url);
    const before = participantsOf(doc, url);
    const bodies = Array.from(doc.querySelectorAll(OFF_LIMITS));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) body.remove();
    expect(participantsOf(doc, url)).toEqual(before);
  });

  it.each(WEBMAIL_CASES)('$name: no body’s or list’s text, attributes or children are read', ({ file, url, expected }) => {
    const doc = page(file, url);
    // Armed only while the reader runs: the DOM's own teardown walks every node afterwards.
    let armed = false;
    const forbidden = (what: string) => ({
      configurable: true,
      get() {
        if (armed) throw new Error(`the reader read ${what}`);
        return undefined;
      },
    });
    const refused = (what: string) => ({
      configurable: true,
      value() {
        if (armed) throw new Error(`the reader called ${what}`);
        return undefined;
      },
    });
    const guarded: Array<[Element, string]> = [];
    for (const body of Array.from(doc.querySelectorAll(OFF_LIMITS))) {
      const insiders = Array.from(body.querySelectorAll('*'));
      for (const property of ['textContent', 'innerText', 'innerHTML', 'outerHTML', 'children', 'childNodes', 'firstChild', 'firstElementChild']) {
        Object.defineProperty(body, property, forbidden(`a body's ${property}`));
        guarded.push([body, property]);
      }
      for (const method of ['querySelector', 'querySelectorAll', 'getElementsByTagName']) {
        Object.defineProperty(body, method, refused(`a body's ${method}`));
        guarded.push([body, method]);
      }
      for (const inside of insiders) {
        for (const property of ['textContent', 'innerText', 'innerHTML', 'attributes']) {
          Object.defineProperty(inside, property, forbidden(`${property} inside a body`));
          guarded.push([inside, property]);
        }
        for (const method of ['getAttribute', 'hasAttribute', 'getAttributeNode']) {
          Object.defineProperty(inside, method, refused(`${method} inside a body`));
          guarded.push([inside, method]);
        }
      }
    }
    armed = true;
    try {
      expect(participantsOf(doc, url)).toEqual(expected);
    } finally {
      armed = false;
      for (const [element, key] of guarded) delete (element as unknown as Record<string, unknown>)[key];
    }
  });

  it('never reads the subject (a subject that is an address is not a participant)', () => {
    const { file, url, expected } = WEBMAIL_CASES[0]!;
    const doc = page(file, url);
    doc.querySelector('h2')!.textContent = 'Fwd: from subject.person@elsewhere.example';
    doc.title = 'subject.person@elsewhere.example - Gmail';
    expect(readGmailParticipants(doc)).toEqual(expected);
  });
});

describe('single-page navigation', () => {
  it('reads the next Outlook message once the app swaps the reading pane, with nothing left from the first', () => {
    const [first, next] = [WEBMAIL_CASES[3]!, WEBMAIL_CASES[4]!];
    const doc = page(first.file, first.url);
    expect(readOutlookParticipants(doc)).toEqual(first.expected);
    const nextPane = page(next.file, next.url).querySelector('[role="main"]')!;
    doc.querySelector('[role="main"]')!.replaceWith(doc.importNode(nextPane, true));
    expect(readOutlookParticipants(doc)).toEqual(next.expected);
  });

  it('follows Gmail to the next conversation rendered in the same document', () => {
    const [first, next] = [WEBMAIL_CASES[0]!, WEBMAIL_CASES[1]!];
    const doc = page(first.file, first.url);
    expect(readGmailParticipants(doc).sender?.email).toBe('maya.okafor@northwind.example');
    const nextMain = page(next.file, next.url).querySelector('[role="main"]')!;
    doc.querySelector('[role="main"]')!.replaceWith(doc.importNode(nextMain, true));
    expect(readGmailParticipants(doc)).toEqual(next.expected);
  });

  it('in an Outlook conversation, the open message is the one not collapsed, wherever it is', () => {
    const next = WEBMAIL_CASES[4]!;
    const doc = page(next.file, next.url);
    const [earlier, later] = Array.from(doc.querySelectorAll('[role="region"]'));
    earlier!.setAttribute('aria-expanded', 'true');
    later!.setAttribute('aria-expanded', 'false');
    expect(readOutlookParticipants(doc).sender).toEqual({ name: 'Samuel Osei', email: 'samuel.osei@kestrel.example', role: 'from' });
  });
});

describe('webmailHostOf', () => {
  it.each([
    ['https://mail.google.com/mail/u/0/#inbox', 'gmail'],
    ['https://MAIL.google.com/mail/u/2/#search/x', 'gmail'],
    ['https://outlook.live.com/mail/0/inbox', 'outlook'],
    ['https://outlook.office.com/mail/', 'outlook'],
    ['https://outlook.office365.com/mail/inbox/id/AAQ', 'outlook'],
  ] as const)('%s is %s', (url, client) => {
    expect(webmailHostOf(url)).toBe(client);
  });

  it.each([
    'http://mail.google.com/mail/u/0/',
    'https://mail.google.com.evil.example/mail/',
    'https://google.com/mail/',
    'https://outlook.example/mail/',
    'https://www.linkedin.com/in/maya/',
    'not a url',
    '',
  ])('%j is not a web mail client', (url) => {
    expect(webmailHostOf(url)).toBeNull();
  });
});
