/**
 * What a page of the built extension makes the browser fetch and parse before its first paint:
 * the scripts its HTML names, every chunk it preloads, and every chunk those import
 * statically (followed here too, in case Vite did not list one). Dynamic `import()`s are what
 * loads after, so they are not followed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The scripts the HTML itself starts: `<script type="module" src>`, a classic `<script src>` (the
 * popup's early read, which runs before anything is drawn) and `<link rel="modulepreload" href>`.
 */
export function htmlScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && [undefined, 'module', 'text/javascript'].includes(attr('type')) && attr('src')) found.push(attr('src')!);
    if (/^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href')) found.push(attr('href')!);
  }
  return found;
}

/**
 * The specifiers a chunk imports statically: `import … from "x"`, `import "x"`, `export … from "x"`.
 * `import("x")` (what loads later) has a parenthesis where these have a quote or a binding.
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Every script file (path inside `buildDir`) that `page` needs before its first paint, in load order. */
export function firstPaintFiles(buildDir: string, page: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const path = join(buildDir, file);
    if (!existsSync(path)) throw new Error(`${page} loads ${file}, which the build does not have`);
    seen.add(file);
    for (const spec of staticImports(readFileSync(path, 'utf8'))) {
      // Only the extension's own files: a bare or absolute-URL import is not ours to weigh.
      if (spec.startsWith('.')) visit(posix.normalize(posix.join(dirname(file), spec)));
      else if (spec.startsWith('/')) visit(spec.slice(1));
    }
  };
  const pageDir = dirname(page);
  for (const src of htmlScripts(readFileSync(join(buildDir, page), 'utf8'))) {
    visit(src.startsWith('/') ? src.slice(1) : posix.normalize(posix.join(pageDir, src)));
  }
  return [...seen];
}

/** Bytes once gzipped at level 9, as a store or a server would send them at best. */
export function gzipSize(bytes: Buffer | string): number {
  return gzipSync(bytes, { level: 9 }).length;
}

export interface PageWeight {
  page: string;
  files: { file: string; gzip: number }[];
  gzip: number;
}

export function pageWeight(buildDir: string, page: string): PageWeight {
  const files = firstPaintFiles(buildDir, page).map((file) => ({ file, gzip: gzipSize(readFileSync(join(buildDir, file))) }));
  return { page, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

export interface Budget {
  page: string;
  /** Kilobytes (1,000 bytes) of gzipped script before the first paint. */
  kb: number;
  /**
   * Files fetched before the first paint, at most: each is a request the page waits on (its
   * modulepreloads go in parallel, but each is still read, compiled and linked), so twenty 1 KB
   * chunks cost more than one 20 KB file. None given: not counted.
   */
  files?: number;
  /** Checked: the build fails when the page goes over. A page still over its budget is only reported. */
  enforced: boolean;
}

export type Verdict = 'within' | 'over' | 'over, not enforced yet';

export interface BudgetRow extends PageWeight {
  budget: Budget;
  verdict: Verdict;
}

export function checkBudgets(buildDir: string, budgets: readonly Budget[]): { rows: BudgetRow[]; failed: BudgetRow[] } {
  const rows = budgets.map((budget): BudgetRow => {
    const weight = pageWeight(buildDir, budget.page);
    const over = weight.gzip > budget.kb * 1000 || (budget.files !== undefined && weight.files.length > budget.files);
    return { ...weight, budget, verdict: !over ? 'within' : budget.enforced ? 'over' : 'over, not enforced yet' };
  });
  return { rows, failed: rows.filter((row) => row.verdict === 'over') };
}
