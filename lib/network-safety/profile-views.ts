import { z } from 'zod';
import type { Detection } from '@/lib/detect/detection';
import { isNetworkHost, parseNetworkProfileUrl } from '@/lib/identity/network-profile';

/**
 * The profiles the user opened on LinkedIn, counted here, on this computer, from what the content
 * script reports; nothing is sent anywhere for it.
 *
 * What counts is a distinct profile per day: the same profile opened again the same day (a reload,
 * a single-page navigation back to it, its "details" sub-pages, a second tab) is one profile. The
 * week is the sum of the last seven days' counts, today included (a profile opened on two days
 * counts on both, as the network sees two visits). Days are the user's local calendar days.
 *
 * What is kept: a count per day for the last seven days, and today's fingerprints of the profiles
 * already counted (a salted hash, never the URL), dropped with the day.
 */

export const WEEK_DAYS = 7;
/** Past this many fingerprints a day, more profiles still count but are not remembered (no human opens so many). */
export const MAX_SEEN_PER_DAY = 5_000;

const dayKeySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const profileViewsSchema = z
  .object({
    /** Profiles counted on each local day, the last seven days only. */
    days: z.record(dayKeySchema, z.number().int().min(0)),
    /** Today's fingerprints: the day they belong to, its salt, the hashes. */
    today: z.object({ day: dayKeySchema, salt: z.string().max(64), seen: z.array(z.string().max(64)).max(MAX_SEEN_PER_DAY) }).strict(),
  })
  .strict();

export type ProfileViews = z.infer<typeof profileViewsSchema>;

/** What the popup shows. */
export interface ProfileViewCounts {
  today: number;
  week: number;
}

/** A stored value of any shape: what parses, else a clean start (a corrupt value must never stop the counting). */
export function readProfileViews(stored: unknown): ProfileViews | null {
  const parsed = profileViewsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment, `YYYY-MM-DD`. */
export function dayKey(at: number | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The seven local days ending with the one of `now`, newest first. Stepped by calendar day, not by
 * 24 hours, so that a day of 23 or 25 hours (a clock change) neither skips nor repeats a day.
 */
export function weekDays(now: number): string[] {
  const d = new Date(now);
  return Array.from({ length: WEEK_DAYS }, (_, i) => dayKey(new Date(d.getFullYear(), d.getMonth(), d.getDate() - i)));
}

export function countsOf(views: ProfileViews | null, now: number): ProfileViewCounts {
  const days = weekDays(now);
  const stored = views?.days ?? {};
  return { today: stored[days[0]!] ?? 0, week: days.reduce((sum, day) => sum + (stored[day] ?? 0), 0) };
}

/**
 * Which profile a report is about, as a stable key, or null when it is no profile of LinkedIn: a
 * person's public profile (by its slug, whatever the URL's form) or a lead of the sales tool.
 */
export function openedProfileKey(detection: Detection | null, senderUrl: string | undefined): string | null {
  if (!detection) return null;
  if (senderUrl !== undefined && !onNetwork(senderUrl)) return null;
  if (detection.kind === 'person') {
    const ref = parseNetworkProfileUrl(detection.person?.profileUrl ?? detection.url) ?? parseNetworkProfileUrl(detection.url);
    return ref?.kind === 'person' ? `in:${ref.slug}` : null;
  }
  if (detection.kind === 'salesLead') {
    if (!onNetwork(detection.url)) return null;
    const [, , id] = new URL(detection.url).pathname.split('/').filter(Boolean);
    return id ? `lead:${id.split(',')[0]!.toLowerCase()}` : null;
  }
  return null;
}

function onNetwork(url: string): boolean {
  try {
    return isNetworkHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The salt today's fingerprints are made with: the stored one on the same day, else `fresh` (a new day). */
export function todaysSalt(views: ProfileViews | null, now: number, fresh: string): string {
  return views?.today.day === dayKey(now) ? views.today.salt : fresh;
}

/**
 * The state after a profile was opened at `now` (`print`: its fingerprint made with `salt`, see
 * todaysSalt): counted unless already seen today; days out of the week dropped, a new day's
 * fingerprints started afresh. Null: nothing to write.
 */
export function withOpened(views: ProfileViews | null, now: number, salt: string, print: string): ProfileViews | null {
  const week = weekDays(now);
  const today = week[0]!;
  const todays = views?.today.day === today ? views.today : { day: today, salt, seen: [] };
  if (todays.seen.includes(print)) return null;
  const days = Object.fromEntries(Object.entries(views?.days ?? {}).filter(([day]) => week.includes(day)));
  days[today] = (days[today] ?? 0) + 1;
  const seen = todays.seen.length < MAX_SEEN_PER_DAY ? [...todays.seen, print] : todays.seen;
  return { days, today: { ...todays, seen } };
}
