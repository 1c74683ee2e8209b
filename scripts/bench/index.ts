/**
 * Runs `scripts/bench/page.ts` (the page readers) and every `scripts/bench/*.bench.ts` in turn
 * and prints what each measured. A bench module exports `run()` (or a default function)
 * answering `{ name, pass, lines }`; the process exits non-zero when any bench misses its
 * budget. `npm run bench -- popup` runs only matching files.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchResult } from '@/scripts/bench/shared';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = ['page.ts', ...readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()].filter(
  (f) => !only.length || only.some((o) => f.includes(o)),
);

let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<BenchResult>; default?: () => Promise<BenchResult> };
  const run = mod.run ?? mod.default;
  if (!run) throw new Error(`${file} exports no run()`);
  console.log(`\n## ${file}`);
  const result = await run();
  console.log(`${result.name}\n${result.lines.join('\n')}`);
  if (!result.pass) failed++;
}
console.log(`\n${files.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
