import { cleanText } from '@/lib/platform/text';
import { normaliseEmail } from '@/lib/identity/email';
import type { WebmailClient } from '@/lib/webmail/hosts';

/**
 * What the web mail readers return: the people of the open message, never its subject or body.
 * The contract between lib/webmail, the web mail content script and the side panel.
 */
export type ParticipantRole = 'from' | 'to' | 'cc';

export interface Participant {
  name: string | null;
  /** Lowercased and checked: an address the lookups accept as it is. */
  email: string;
  role: ParticipantRole;
}

export interface WebmailParticipants {
  client: WebmailClient;
  /** Who sent the open message; null when the user sent it (or no message is open). */
  sender: Participant | null;
  /** Everyone else, once each: other senders of the conversation (latest first), then To, then Cc. */
  others: Participant[];
  /** The signed-in account's address, left out of `sender` and `others`; null when not shown. */
  self: string | null;
}

/** One sighting of a participant in a message header. `labelled`: its role came from a To/Cc label, not a guess. */
export interface Sighting {
  name: string | null;
  email: string;
  role: ParticipantRole;
  labelled: boolean;
}

/** One message of the open conversation, as its header shows it. */
export interface MessageHeader {
  sender: Sighting | null;
  recipients: Sighting[];
}

// An address inside a longer label ("Ada <ada@x.example>", "Google Account: Ada (ada@x.example)").
const ADDRESS_IN_TEXT = /[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+\.[^\s<>()[\],;:"'.]+/;

// "Cc", "Bcc", and the UI languages' blind copy (cci: fr, ccn: it/es/pt).
const CC_LABEL = /^\s*(?:b?cc|cci|ccn)\b/i;

export const isCcLabel = (label: string | null | undefined) => !!label && CC_LABEL.test(label);

// No real address is longer (RFC 5321 allows 254); a longer one is page noise, and the worker refuses it.
const MAX_EMAIL = 320;

/** A participant's address as the lookups take it (lowercased, checked); null for anything else. */
export function participantEmail(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_EMAIL + 20) return null;
  const email = normaliseEmail(value);
  return email && email.length <= MAX_EMAIL ? email : null;
}

/** The first address inside a label or title. */
export function addressIn(text: string | null | undefined): string | null {
  if (!text) return null;
  const found = ADDRESS_IN_TEXT.exec(text.slice(0, 1_000));
  return found ? participantEmail(found[0]) : null;
}

/**
 * The display name in an accessible name or title: "From: Ada Lovelace <ada@x.example>" →
 * "Ada Lovelace"; `"Fischer, Lena" <lena@x.example>` → "Fischer, Lena". Null when the label is only
 * the address (the caller may then fall back to the persona's own text).
 */
export function nameInLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  const bracket = label.indexOf('<');
  const before = bracket >= 0 ? label.slice(0, bracket) : label.replace(ADDRESS_IN_TEXT, '');
  // A short field label before the name ("From:", "De :", "Von:"), never a quoted name's comma.
  const withoutField = before.replace(/^\s*[^:"<]{1,20}:\s*/, '');
  return displayName(withoutField.replace(/^\s*"(.*)"\s*$/, '$1'));
}

/** A cleaned name, or null when there is none or it is only an address. */
export function displayName(text: string | null | undefined): string | null {
  const name = cleanText(text, 120);
  if (!name || normaliseEmail(name)) return null;
  return name;
}

/**
 * The people of a conversation, from its messages' headers: `open` is the index of the message the
 * user reads. Order (the panel shows the first as the card): the open message's sender, the other
 * senders from the latest back, the open message's To then Cc, then the other messages' recipients.
 * Each address once, with its first name found; a Cc label beats a guessed To for the same message.
 */
export function participantsFrom(client: WebmailClient, messages: readonly MessageHeader[], open: number, self: string | null): WebmailParticipants {
  const openMessage = messages[open];
  const others = messages.filter((_, index) => index !== open).reverse();
  const ordered: Sighting[] = [
    ...(openMessage?.sender ? [openMessage.sender] : []),
    ...others.flatMap((message) => (message.sender ? [message.sender] : [])),
    ...byRole(openMessage?.recipients ?? []),
    ...others.flatMap((message) => byRole(message.recipients)),
  ];
  const people = new Map<string, Participant>();
  for (const sighting of ordered) {
    const known = people.get(sighting.email);
    if (!known) people.set(sighting.email, { name: sighting.name, email: sighting.email, role: sighting.role });
    else if (!known.name && sighting.name) known.name = sighting.name;
  }
  if (self) people.delete(self);
  const sender = openMessage?.sender && openMessage.sender.email !== self ? people.get(openMessage.sender.email)! : null;
  return { client, sender, others: [...people.values()].filter((person) => person !== sender), self };
}

/** One role per address in a message (labelled beats guessed), To before Cc. */
function byRole(recipients: readonly Sighting[]): Sighting[] {
  const merged = new Map<string, Sighting>();
  for (const sighting of recipients) {
    const known = merged.get(sighting.email);
    if (!known) merged.set(sighting.email, { ...sighting });
    else {
      if (!known.labelled && sighting.labelled) Object.assign(known, { role: sighting.role, labelled: true });
      if (!known.name && sighting.name) known.name = sighting.name;
    }
  }
  const all = [...merged.values()];
  return [...all.filter((s) => s.role === 'to'), ...all.filter((s) => s.role === 'cc')];
}
