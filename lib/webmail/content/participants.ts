import { gmailSenderElement, readGmailParticipants } from '@/lib/webmail/content/gmail';
import { webmailHostOf } from '@/lib/webmail/hosts';
import { outlookSenderElement, readOutlookParticipants } from '@/lib/webmail/content/outlook';
import type { WebmailParticipants } from '@/lib/webmail/participant';

export type { Participant, ParticipantRole, WebmailParticipants } from '@/lib/webmail/participant';
export { readGmailParticipants } from '@/lib/webmail/content/gmail';
export { readOutlookParticipants } from '@/lib/webmail/content/outlook';
export { webmailHostOf, WEBMAIL_MATCHES, type WebmailClient } from '@/lib/webmail/hosts';

/** The open message's people on a web mail page; null on any other page. */
export function participantsOf(doc: Document, url: string): WebmailParticipants | null {
  switch (webmailHostOf(url)) {
    case 'gmail':
      return readGmailParticipants(doc);
    case 'outlook':
      return readOutlookParticipants(doc);
    default:
      return null;
  }
}

/** Where the open message names its sender (for the launcher); null when there is none. */
export function senderElementOf(doc: Document, url: string): Element | null {
  switch (webmailHostOf(url)) {
    case 'gmail':
      return gmailSenderElement(doc);
    case 'outlook':
      return outlookSenderElement(doc);
    default:
      return null;
  }
}
