import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet of the product's pages and components. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('stylesheets keep accessible names as written', () => {
  // Firefox builds an accessible name from the rendered text, text-transform included: a row
  // headed "Work email" in capitals became a group named "WORK EMAIL" there (the Firefox suite
  // finds it by its name). Capitals come from the font instead (font-variant-caps).
  it.each([...stylesheets('components'), ...stylesheets('entrypoints')])('%s changes no letter case', (path) => {
    expect(readFileSync(path, 'utf8')).not.toMatch(/text-transform\s*:\s*(uppercase|lowercase|capitalize)/);
  });
});
