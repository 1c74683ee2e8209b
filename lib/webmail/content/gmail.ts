import { outermost, readParticipants, type MailPage } from '@/lib/webmail/content/mail-page';
import { addressIn, displayName, participantEmail, isCcLabel, type MessageHeader, type Sighting, type WebmailParticipants } from '@/lib/webmail/participant';

/**
 * Gmail marks every participant of a conversation with an element carrying the address in an
 * `email` attribute and the display name in `name` (its own hovercards rely on them), while its
 * class names are generated and change with each release: so participants are found by those
 * attributes only, and messages by their list roles. Nothing else is read: not the subject, not
 * the body (Gmail's sanitiser drops unknown attributes such as `email` from a message's HTML, so a
 * body cannot pose as a participant).
 */
const PARTICIPANT = '[email]';
// Bounded: a long thread shows a few hundred participants at most; the rest would be noise.
const MAX_PARTICIPANTS = 500;

export const GMAIL: MailPage = {
  client: 'gmail',
  messages: messageContainers,
  // The last expanded message is the one the user reads.
  isOpen: (message) => message.getAttribute('aria-expanded') === 'true',
  readMessage,
  senderElement: (message) => senderElementOf(message, participantElements(message)) ?? null,
  self: gmailSelf,
};

export const readGmailParticipants = (doc: Document): WebmailParticipants => readParticipants(GMAIL, doc);

const participantElements = (message: Element) => Array.from(message.querySelectorAll(PARTICIPANT)).slice(0, MAX_PARTICIPANTS);

function messageContainers(doc: Document): Element[] {
  const scope = doc.querySelector('[role="main"]') ?? doc.body;
  // Only a conversation's messages (list items) count: the inbox's rows name their senders with
  // the same attributes, and no message is open there.
  const items = scope ? Array.from(scope.querySelectorAll('[role="listitem"]')).filter((item) => item.querySelector(PARTICIPANT)) : [];
  return outermost(items);
}

// The sender is named in the message's heading; a collapsed message may show only that.
const senderElementOf = (message: Element, elements: readonly Element[]) =>
  elements.find((element) => element.closest('h3') && message.contains(element.closest('h3'))) ?? elements[0];

function readMessage(message: Element): MessageHeader {
  const elements = participantElements(message);
  const senderElement = senderElementOf(message, elements);
  const sender = senderElement ? sightingOf(senderElement, 'from') : null;
  const recipients: Sighting[] = [];
  for (const element of elements) {
    if (element === senderElement) continue;
    const sighting = sightingOf(element, 'to');
    // The details table names the sender again, in its "from" row.
    if (!sighting || sighting.email === sender?.email) continue;
    recipients.push(sighting);
  }
  return { sender, recipients };
}

function sightingOf(element: Element, role: 'from' | 'to'): Sighting | null {
  const email = participantEmail(element.getAttribute('email'));
  if (!email) return null;
  const name = displayName(element.getAttribute('name'));
  if (role === 'from') return { email, name, role, labelled: true };
  // In the details table each row starts with its field's label ("to:", "cc:"); the summary line has none.
  const label = rowLabel(element);
  return { email, name, role: isCcLabel(label) ? 'cc' : 'to', labelled: label !== null };
}

/** The first cell of the table row holding the participant: the field's label. */
function rowLabel(element: Element): string | null {
  const row = element.closest('tr');
  const first = row?.cells[0];
  if (!first || first.contains(element)) return null;
  return first.textContent?.slice(0, 40) ?? null;
}

/** The banner's account button: "Google Account: Ada Lovelace (ada@x.example)". */
function gmailSelf(doc: Document): string | null {
  for (const labelled of Array.from(doc.querySelectorAll('[role="banner"] [aria-label]')).slice(0, 50)) {
    const email = addressIn(labelled.getAttribute('aria-label'));
    if (email) return email;
  }
  return null;
}
