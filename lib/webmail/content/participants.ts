import { GMAIL } from '@/lib/webmail/content/gmail';
import { openSenderElement, readParticipants, type MailPage } from '@/lib/webmail/content/mail-page';
import { OUTLOOK } from '@/lib/webmail/content/outlook';
import { webmailHostOf, type WebmailClient } from '@/lib/webmail/hosts';
import type { WebmailParticipants } from '@/lib/webmail/participant';

export type { Participant, ParticipantRole, WebmailParticipants } from '@/lib/webmail/participant';
export { readGmailParticipants } from '@/lib/webmail/content/gmail';
export { readOutlookParticipants } from '@/lib/webmail/content/outlook';
export { webmailHostOf, WEBMAIL_MATCHES, type WebmailClient } from '@/lib/webmail/hosts';

const PAGES: Record<WebmailClient, MailPage> = { gmail: GMAIL, outlook: OUTLOOK };

/** The web mail client a page belongs to; null on any other page. */
function pageAt(url: string): MailPage | null {
  const client = webmailHostOf(url);
  return client ? PAGES[client] : null;
}

/** The open message's people on a web mail page; null on any other page. */
export function participantsOf(doc: Document, url: string): WebmailParticipants | null {
  const page = pageAt(url);
  return page ? readParticipants(page, doc) : null;
}

/** Where the open message names its sender (for the launcher); null when there is none. */
export function senderElementOf(doc: Document, url: string): Element | null {
  const page = pageAt(url);
  return page ? openSenderElement(page, doc) : null;
}
