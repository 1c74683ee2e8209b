import { gmailSenderElement, readGmailParticipants } from './gmail';
import { webmailHostOf } from './hosts';
import { outlookSenderElement, readOutlookParticipants } from './outlook';
import type { WebmailParticipants } from './participant';

export type { Participant, ParticipantRole, WebmailParticipants } from './participant';
export { readGmailParticipants } from './gmail';
export { readOutlookParticipants } from './outlook';
export { webmailHostOf, WEBMAIL_MATCHES, type WebmailClient } from './hosts';

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
