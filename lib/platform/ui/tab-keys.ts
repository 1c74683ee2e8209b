/**
 * The tab a key reaches in a tab list, as the ARIA tabs pattern has it: Right and Left to the
 * next and the one before (round), Home and End to the first and the last; undefined for any
 * other key. `at` is the tab shown, `count` how many there are.
 */
export function tabAfterKey(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
