/**
 * A retention period as people count it: months from two months on (365 days read "12 months"),
 * with the exact days beside them so nothing is rounded away; days below that.
 */
export function monthsOf(days: number): number | null {
  return days >= 60 ? Math.round(days / (365.25 / 12)) : null;
}
