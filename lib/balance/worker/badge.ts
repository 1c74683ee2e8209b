/** The toolbar badge shows the balance only when it runs low, so that it means something. */
export function badgeFor(credits: number | null, threshold: number): { text: string; color: string } | null {
  if (credits === null || credits >= threshold) return null;
  const text = credits >= 10_000 ? `${Math.floor(credits / 1000)}k` : String(Math.max(0, Math.floor(credits)));
  return { text, color: credits <= 0 ? '#a4161a' : '#b25e00' };
}
