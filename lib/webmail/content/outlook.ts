import { cleanText } from '@/lib/platform/text';
import { outermost, readParticipants, type MailPage } from '@/lib/webmail/content/mail-page';
import { addressIn, displayName, isCcLabel, nameInLabel, type MessageHeader, type Sighting, type WebmailParticipants } from '@/lib/webmail/participant';

/**
 * Outlook on the web shows a message's participants in the reading pane's header as persona
 * buttons whose accessible name or title holds the name and address ("Ada Lovelace
 * <ada@x.example>"), the To and Cc lines as labelled groups, and the body as a region with
 * role="document". Classes are generated, so personas are found by role and label only; the body
 * is the sender's own HTML (it may carry any title or aria-label), so nothing inside it is read.
 */
const PERSONA = 'button[aria-label], button[title], [role="button"][aria-label], [role="button"][title]';
// The body (role="document") is the sender's HTML; the message list (listbox, or grid in the
// compact layout) names other messages' senders. Neither is the open message's header.
const OFF_LIMITS = '[role="document"], [role="listbox"], [role="grid"]';
// Bounded: a header with hundreds of recipients shows "+N others" rather than every persona.
const MAX_PERSONAS = 500;

export const OUTLOOK: MailPage = {
  client: 'outlook',
  messages: messageContainers,
  // The last message not collapsed is the one the user reads.
  isOpen: (message) => message.getAttribute('aria-expanded') !== 'false',
  readMessage,
  senderElement: (message) => personasOf(message).find((persona) => sightingOf(persona, message, true)) ?? null,
  self: outlookSelf,
};

export const readOutlookParticipants = (doc: Document): WebmailParticipants => readParticipants(OUTLOOK, doc);

function messageContainers(doc: Document): Element[] {
  const pane = doc.querySelector('[role="main"]');
  const regions = pane ? outermost(Array.from(pane.querySelectorAll('[role="region"]')).filter((region) => !region.closest(OFF_LIMITS))) : [];
  return regions.length > 0 ? regions : pane ? [pane] : [];
}

// Checked first, before any of a persona's attributes or text is read.
const personasOf = (message: Element) => Array.from(message.querySelectorAll(PERSONA)).slice(0, MAX_PERSONAS).filter((persona) => !persona.closest(OFF_LIMITS));

function readMessage(message: Element): MessageHeader {
  const sightings: Sighting[] = [];
  for (const persona of personasOf(message)) {
    const sighting = sightingOf(persona, message, sightings.length === 0);
    if (sighting) sightings.push(sighting);
  }
  // The From line comes first in the header; the recipients are the labelled lines after it.
  const [sender = null, ...recipients] = sightings;
  return { sender, recipients: recipients.filter((recipient) => recipient.email !== sender?.email) };
}

function sightingOf(persona: Element, message: Element, first: boolean): Sighting | null {
  const label = persona.getAttribute('aria-label');
  const title = persona.getAttribute('title');
  const email = addressIn(label) ?? addressIn(title);
  if (!email) return null;
  const name = nameInLabel(label) ?? nameInLabel(title) ?? displayName(cleanText(persona.textContent, 120));
  if (first) return { email, name, role: 'from', labelled: true };
  const group = lineLabel(persona, message);
  return { email, name, role: isCcLabel(group) ? 'cc' : 'to', labelled: group !== null };
}

/** The accessible name of the recipients line holding the persona ("To recipients", "Cc recipients"). */
function lineLabel(persona: Element, message: Element): string | null {
  for (let node = persona.parentElement; node && node !== message; node = node.parentElement) {
    const label = node.getAttribute('aria-label');
    if (label) return label;
  }
  return null;
}

/** The banner's account manager, whose title names the signed-in account with its address. */
function outlookSelf(doc: Document): string | null {
  for (const element of Array.from(doc.querySelectorAll('[role="banner"] [title], [role="banner"] [aria-label]')).slice(0, 50)) {
    const email = addressIn(element.getAttribute('title')) ?? addressIn(element.getAttribute('aria-label'));
    if (email) return email;
  }
  return null;
}
