import type { CountryCode } from 'libphonenumber-js/max';
import { emailsFromMailto, findEmails, mayHoldEmail } from '@/lib/scan/content/emails';
import { FoundSet, type Found } from '@/lib/scan/content/found';
import { MAY_HOLD_CONTACT, PHONE_PREFILTER, phoneCandidates } from '@/lib/scan/content/phone-candidates';
import { phoneFromTel, phonesIn } from '@/lib/scan/content/phones';
import { DEFAULT_SLICE_MS, Slices, yieldToPage } from '@/lib/scan/content/slices';
import { visibilityChecker, type Visibility } from '@/lib/scan/content/visibility';

export interface ScanOptions {
  /** Region for numbers written in national form; without one only international numbers are found. */
  region?: CountryCode;
  /** Aborting rejects the scan with the signal's reason at the next slice boundary. */
  signal?: AbortSignal;
  /** Longest stretch of synchronous work between two yields, in ms (default 8). */
  budgetMs?: number;
  /** How to give the page its turn between slices (default: `scheduler.yield()`, else a timeout). */
  yieldToPage?: () => Promise<void>;
}

// Reading the clock on every node would cost more than the nodes.
const CLOCK_EVERY = 64;
// The shortest address (`a@b.co`) and the shortest number (7 digits) are both longer than this.
const MIN_TEXT = 6;
// Texts this long are mostly the site's hidden state blobs: ask the (cached) style first.
const BIG_TEXT = 2_000;
const CONTACT_HREF = /^\s*(?:mailto|tel):/i;

function isDocument(root: Document | Element): root is Document {
  return root.nodeType === 9;
}

class TextScanner {
  readonly found = new FoundSet();

  constructor(
    private readonly visibility: Visibility,
    private readonly region: CountryCode | undefined,
  ) {}

  /**
   * The cheap tests first (length, one regex for an `@` or a run of seven digits), then the
   * shape tests that drop look-alikes (asset names, dates, ids, amounts), then visibility
   * (one native question per element, cached) only for text that still holds a candidate,
   * and libphonenumber-js only on visible text: hidden menus and state full of numbers never
   * reach it, and visible look-alikes never ask for a style. (Asking the box before the shape
   * tests was measured: it saves the shapes on a timeline's closed menus, and costs more on
   * prose whose look-alikes the shapes drop, since a visible element's box question is the
   * dearer one.)
   */
  text(node: Text): void {
    const text = node.data;
    if (text.length < MIN_TEXT) return;
    if (text.length > BIG_TEXT && !this.visibility.visible(node)) return;
    // One native call for most nodes: the regex engine skips to the first `@` or digit.
    if (!MAY_HOLD_CONTACT.test(text)) return;
    const mayBeEmail = mayHoldEmail(text);
    const mayBePhone = PHONE_PREFILTER.test(text);
    if (!mayBeEmail && !mayBePhone) return;
    const emails = mayBeEmail ? findEmails(text) : [];
    const candidates = mayBePhone ? phoneCandidates(text) : [];
    if ((!emails.length && !candidates.length) || !this.visibility.visible(node)) return;
    const phones = phonesIn(candidates, this.region);
    for (const email of emails) this.found.add({ kind: 'email', value: email.value, display: email.display, node });
    for (const phone of phones) this.found.add({ kind: 'phone', value: phone.value, display: phone.display, node });
  }

  link(link: Element): void {
    if (!this.visibility.visible(link)) return;
    const href = link.getAttribute('href') ?? '';
    if (/^\s*mailto:/i.test(href)) {
      for (const email of emailsFromMailto(href)) this.found.add({ kind: 'email', value: email.value, display: email.display, node: link });
      return;
    }
    const phone = phoneFromTel(href, this.region);
    if (phone) this.found.add({ kind: 'phone', value: phone.value, display: phone.display, node: link });
  }
}

/**
 * Emails and phone numbers that the user can see on a page: in visible text and in
 * `mailto:`/`tel:` links, each once, in the order found (text first, then links).
 *
 * One pass over the text nodes with the cheapest tests first (length, `@`, a digit-run
 * pattern); the style lookups, and then the finders, run only for the few nodes that pass.
 * (Asking elements for their whole `textContent` to skip blocks was measured slower: the
 * browser assembles it at several ns a character.)
 */
export async function scanPage(root: Document | Element, options: ScanOptions = {}): Promise<Found[]> {
  const doc = isDocument(root) ? root : root.ownerDocument;
  const start = isDocument(root) ? (root.body ?? root.documentElement) : root;
  if (!start) return [];
  const slices = new Slices(options.budgetMs ?? DEFAULT_SLICE_MS, options.yieldToPage ?? yieldToPage, options.signal);
  const scanner = new TextScanner(visibilityChecker(doc.defaultView), options.region);

  const walker = doc.createTreeWalker(start, 4 /* NodeFilter.SHOW_TEXT: not a global outside browsers */);
  let count = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (++count % CLOCK_EVERY === 0 && slices.due()) await slices.next();
    scanner.text(node as Text);
  }

  // An attribute-prefix selector costs as much as walking the page; the browser keeps the
  // list of links at hand, and a prefix test per link is cheap.
  const links = start.getElementsByTagName('a');
  for (let i = 0; i < links.length; i += 1) {
    if (i % CLOCK_EVERY === CLOCK_EVERY - 1 && slices.due()) await slices.next();
    const link = links[i]!;
    if (CONTACT_HREF.test(link.getAttribute('href') ?? '')) scanner.link(link);
  }
  return scanner.found.list();
}
