import type { CountryCode } from 'libphonenumber-js';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import { normaliseEmail, normalisePhone } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { OperationName } from '@/lib/lookup/operation-names';

export const MENU_ITEMS = {
  reversePhone: 'dossier-reverse-phone',
  enrichEmail: 'dossier-enrich-email',
  microblogByEmail: 'dossier-microblog-email',
  enrichProfile: 'dossier-enrich-profile',
} as const;

export type MenuItemId = (typeof MENU_ITEMS)[keyof typeof MENU_ITEMS];

export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
  linkUrl?: string;
}

export type MenuAction =
  | { ok: true; request: { op: OperationName; input: Record<string, unknown> } }
  | { ok: false; message: string };

/** A selection reads as a phone only when it is nothing but a number: no words, no dates. */
const PHONE_SHAPED = /^(tel:)?\s*[+(]?[\d\s().\-/]{6,}$/i;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

function emailFrom(click: MenuClick): string | null {
  if (click.linkUrl?.toLowerCase().startsWith('mailto:')) return normaliseEmail(click.linkUrl);
  return click.selectionText ? normaliseEmail(click.selectionText) : null;
}

/**
 * Turns a right-click into the lookup it asks for, or into a message saying why there is
 * nothing to look up. Chrome cannot show a menu item only for phone-shaped selections, so
 * the check happens here, before any request.
 */
export function actionForMenuClick(click: MenuClick, region: CountryCode | undefined): MenuAction {
  switch (click.menuItemId) {
    case MENU_ITEMS.reversePhone: {
      const text = (click.linkUrl?.toLowerCase().startsWith('tel:') ? click.linkUrl.slice(4) : click.selectionText ?? '').trim();
      const phone = PHONE_SHAPED.test(text) ? normalisePhone(decodeURIComponent(text), region) : null;
      if (!phone) return { ok: false, message: DOSSIER_ERRORS.not_a_phone(shorten(text)) };
      return { ok: true, request: { op: 'reversePhone', input: { phone } } };
    }
    case MENU_ITEMS.enrichEmail:
    case MENU_ITEMS.microblogByEmail: {
      const email = emailFrom(click);
      if (!email) return { ok: false, message: DOSSIER_ERRORS.not_an_email(shorten(click.selectionText ?? click.linkUrl ?? '')) };
      const op = click.menuItemId === MENU_ITEMS.enrichEmail ? 'enrichPerson' : 'microblogByEmail';
      return { ok: true, request: { op, input: { email } } };
    }
    case MENU_ITEMS.enrichProfile: {
      const profile = click.linkUrl ? parseNetworkProfileUrl(click.linkUrl) : null;
      if (!profile || profile.kind !== 'person') return { ok: false, message: DOSSIER_ERRORS.not_a_profile_link };
      return { ok: true, request: { op: 'enrichPerson', input: { profileUrl: profile.canonicalUrl } } };
    }
    default:
      return { ok: false, message: 'Unknown menu item.' };
  }
}

export const PROFILE_COMMAND = 'enrich-profile';
