import type { CountryCode } from 'libphonenumber-js/max';
import { emailsFromMailto, findEmails } from './emails';
import { FoundSet, type Found } from './found';
import { PHONE_PREFILTER } from './phone-candidates';
import { findPhones, phoneFromTel } from './phones';
import { DEFAULT_SLICE_MS, Slices, yieldToPage } from './slices';
import { visibilityChecker } from './visibility';

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
const BIG_TEXT = 2_000;
const LINKS = 'a[href^="mailto:" i], a[href^="tel:" i]';

function isDocument(root: Document | Element): root is Document {
  return root.nodeType === 9;
}

/**
 * Emails and phone numbers that the user can see on a page: in visible text and in
 * `mailto:`/`tel:` links, each once, in the order found (text first, then links).
 */
export async function scanPage(root: Document | Element, options: ScanOptions = {}): Promise<Found[]> {
  const doc = isDocument(root) ? root : root.ownerDocument;
  const start = isDocument(root) ? (root.body ?? root.documentElement) : root;
  if (!start) return [];
  const slices = new Slices(options.budgetMs ?? DEFAULT_SLICE_MS, options.yieldToPage ?? yieldToPage, options.signal);
  const isVisible = visibilityChecker(doc.defaultView);
  const found = new FoundSet();

  const walker = doc.createTreeWalker(start, 4 /* NodeFilter.SHOW_TEXT: not a global outside browsers */);
  let count = 0;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (++count % CLOCK_EVERY === 0) await slices.check();
    const text = node.data;
    if (text.length < MIN_TEXT) continue;
    // Big texts are mostly the site's hidden state blobs: ask the (cached) style first.
    if (text.length > BIG_TEXT && !isVisible(node)) continue;
    const mayBeEmail = text.includes('@');
    const mayBePhone = PHONE_PREFILTER.test(text);
    if ((!mayBeEmail && !mayBePhone) || !isVisible(node)) continue;
    if (mayBeEmail) for (const email of findEmails(text)) found.add({ kind: 'email', value: email.value, display: email.display, node });
    if (mayBePhone) for (const phone of findPhones(text, options.region)) found.add({ kind: 'phone', value: phone.value, display: phone.display, node });
  }

  const links = start.querySelectorAll(LINKS);
  for (let i = 0; i < links.length; i += 1) {
    if (i % CLOCK_EVERY === CLOCK_EVERY - 1) await slices.check();
    const link = links[i]!;
    if (!isVisible(link)) continue;
    const href = link.getAttribute('href') ?? '';
    if (/^\s*mailto:/i.test(href)) {
      for (const email of emailsFromMailto(href)) found.add({ kind: 'email', value: email.value, display: email.display, node: link });
    } else {
      const phone = phoneFromTel(href, options.region);
      if (phone) found.add({ kind: 'phone', value: phone.value, display: phone.display, node: link });
    }
  }
  return found.list();
}
