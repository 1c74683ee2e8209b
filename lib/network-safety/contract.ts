import { z } from 'zod';
import type { ProfileViewCounts } from '@/lib/network-safety/profile-views';

/**
 * The popup's read of the profile-view counter. Not a content-script message: the router takes it
 * from Dossier's own pages only (lib/contracts/protocol.ts), so no web page learns what the user opened.
 */
export const networkSafetyMessageSchemas = {
  profileViews: z.undefined(),
} as const;

export interface NetworkSafetyReplies {
  profileViews: ProfileViewCounts;
}
