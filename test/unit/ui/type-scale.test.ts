import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet and page script of the product (a page may add a sheet of its own in a string). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(css|tsx?)$/.test(entry.name) ? [path] : [];
  });
}

const TOKENS = readFileSync('components/tokens.css', 'utf8');

describe('one type scale of at most four sizes (components/tokens.css)', () => {
  it('the tokens define four sizes or fewer', () => {
    const sizes = [...TOKENS.matchAll(/--text-([\w-]+):\s*([^;]+);/g)].map((m) => m[2]!.trim());
    expect(sizes.length).toBeGreaterThan(0);
    expect(new Set(sizes).size).toBeLessThanOrEqual(4);
  });

  it.each([...sources('components'), ...sources('entrypoints')].filter((path) => !path.endsWith('tokens.css')))('%s sets every font size from the scale', (path) => {
    const text = readFileSync(path, 'utf8');
    const sizes = [...text.matchAll(/font-size\s*:\s*([^;}'"`]+)/g), ...text.matchAll(/fontSize\s*:\s*([^,}]+)/g)].map((m) => m[1]!.trim());
    expect(sizes.filter((size) => !/^var\(--text-[\w-]+\)$/.test(size) && size !== 'inherit')).toEqual([]);
    const shorthand = [...text.matchAll(/\bfont\s*:\s*([^;}'"`]+)/g)].map((m) => m[1]!.trim());
    expect(shorthand.filter((value) => /\d(px|rem|em|pt)\b/.test(value.split('/')[0]!))).toEqual([]);
  });
});
