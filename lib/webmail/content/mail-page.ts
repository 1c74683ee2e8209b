import type { WebmailClient } from '@/lib/webmail/hosts';
import { participantsFrom, type MessageHeader, type WebmailParticipants } from '@/lib/webmail/participant';

/**
 * What a web mail client's page shows of a conversation, each read its own way (gmail.ts,
 * outlook.ts); what they have in common (which message is the one read, its people in order) is
 * done here once.
 */
export interface MailPage {
  client: WebmailClient;
  /** The conversation's messages, in page order. */
  messages(doc: Document): Element[];
  /** Whether a message is shown open: the one the user reads is the last open one, else the last. */
  isOpen(message: Element): boolean;
  readMessage(message: Element): MessageHeader;
  /** Where a message names its sender, for the launcher beside it. */
  senderElement(message: Element): Element | null;
  /** The signed-in account's address, never a participant of its own. */
  self(doc: Document): string | null;
}

export function readParticipants(page: MailPage, doc: Document): WebmailParticipants {
  const messages = page.messages(doc);
  return participantsFrom(page.client, messages.map((message) => page.readMessage(message)), openIndex(page, messages), page.self(doc));
}

/** The element naming the open message's sender; null when no message is open. */
export function openSenderElement(page: MailPage, doc: Document): Element | null {
  const messages = page.messages(doc);
  const open = messages[openIndex(page, messages)];
  return open ? page.senderElement(open) : null;
}

function openIndex(page: MailPage, messages: readonly Element[]): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) if (page.isOpen(messages[index]!)) return index;
  return messages.length - 1;
}

/** Elements nested in another of the list (an attachment list in a message) are not messages. */
export function outermost(elements: readonly Element[]): Element[] {
  return elements.filter((element) => !elements.some((other) => other !== element && other.contains(element)));
}
