/** A plain-text table, column widths from the content. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
