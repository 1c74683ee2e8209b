import { hostAccess } from '@/lib/settings/permissions';
import { WEBMAIL_MATCHES } from '@/lib/webmail/hosts';

/**
 * Access to the web mail clients' hosts, asked for when the user turns web mail on and given
 * back when they turn it off. The manifest lists them under its optional `<all_urls>`; the e2e
 * build declares `<all_urls>` up front, so there the access is always on and cannot be given back.
 * Chrome shows the prompt only while the click's user gesture is on the stack: callers await
 * `setWebmailAccess` before anything else.
 */
export const WEBMAIL_ORIGINS: readonly string[] = WEBMAIL_MATCHES;

export const webmailAccess = hostAccess(WEBMAIL_ORIGINS);
export const hasWebmailAccess = webmailAccess.has;
export const setWebmailAccess = webmailAccess.set;
export const watchWebmailAccess = webmailAccess.watch;
