import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudgets, firstPaintFiles, gzipSize, htmlScripts, staticImports } from '@/scripts/budgets/first-paint';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A fake release build: each file written under a temporary folder. */
function build(files: Record<string, string>): string {
  const out = mkdtempSync(join(tmpdir(), 'budget-'));
  dir = out;
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  return out;
}

/** Script that gzip cannot shrink: its weight is about its length. */
const incompressible = (bytes: number) => `/*${randomBytes(bytes).toString('base64')}*/`;

const page = (body: string) => `<!DOCTYPE html><html><head>${body}</head><body></body></html>`;

describe('the scripts a page loads before its first paint', () => {
  it('reads the module script, the modulepreloads and the classic scripts (the popup’s early read), not styles or inline scripts', () => {
    const html = page(
      '<script type="module" crossorigin src="/chunks/popup-1.js"></script><link rel="modulepreload" crossorigin href="/chunks/a.js"><link rel="stylesheet" href="/assets/x.css"><script src="/classic.js"></script><script>inline()</script>',
    );
    expect(htmlScripts(html)).toEqual(['/chunks/popup-1.js', '/chunks/a.js', '/classic.js']);
  });

  it('follows static imports and re-exports, not dynamic import()', () => {
    const code = 'import{a as b}from"./page-root.js";import"./side.js";export{c}from"./re.js";const l=()=>import("./later.js");';
    expect(staticImports(code)).toEqual(['./page-root.js', './side.js', './re.js']);
  });

  it('finds a chunk Vite did not list through the chunks that import it', () => {
    const out = build({
      'popup.html': page('<script type="module" src="/chunks/popup.js"></script>'),
      'chunks/popup.js': 'import{x}from"./shared.js";import("./later.js");',
      'chunks/shared.js': 'import"./deep.js";export const x=1;',
      'chunks/deep.js': 'export{};',
      'chunks/later.js': 'export{};',
    });
    expect(firstPaintFiles(out, 'popup.html')).toEqual(['chunks/popup.js', 'chunks/shared.js', 'chunks/deep.js']);
  });
});

describe('the budgets', () => {
  const files = (popupBytes: number) => ({
    'popup.html': page('<script type="module" src="/chunks/popup.js"></script><link rel="modulepreload" href="/chunks/big.js">'),
    'chunks/popup.js': 'import"./big.js";',
    'chunks/big.js': incompressible(popupBytes),
  });

  it('fails an enforced page that goes over, and weighs it', () => {
    const out = build(files(3000));
    const { rows, failed } = checkBudgets(out, [{ page: 'popup.html', kb: 2, enforced: true }]);
    expect(failed.map((r) => r.page)).toEqual(['popup.html']);
    expect(rows[0]!.gzip).toBeGreaterThan(3000);
    expect(rows[0]!.verdict).toBe('over');
  });

  it('passes an enforced page within its budget', () => {
    const out = build(files(500));
    const { failed, rows } = checkBudgets(out, [{ page: 'popup.html', kb: 2, enforced: true }]);
    expect(failed).toEqual([]);
    expect(rows[0]!.verdict).toBe('within');
  });

  it('fails an enforced page that needs more files than its budget allows, however light', () => {
    const out = build(files(500));
    expect(checkBudgets(out, [{ page: 'popup.html', kb: 2, files: 1, enforced: true }]).failed.map((r) => r.page)).toEqual(['popup.html']);
    expect(checkBudgets(out, [{ page: 'popup.html', kb: 2, files: 2, enforced: true }]).failed).toEqual([]);
  });

  it('reports a page not enforced yet without failing', () => {
    const out = build(files(3000));
    const { failed, rows } = checkBudgets(out, [{ page: 'popup.html', kb: 2, enforced: false }]);
    expect(failed).toEqual([]);
    expect(rows[0]!.verdict).toBe('over, not enforced yet');
  });

  it('counts each shared chunk once', () => {
    const out = build(files(500));
    const { rows } = checkBudgets(out, [{ page: 'popup.html', kb: 2, enforced: true }]);
    expect(rows[0]!.files.map((f) => f.file)).toEqual(['chunks/popup.js', 'chunks/big.js']);
    expect(rows[0]!.gzip).toBe(gzipSize('import"./big.js";') + rows[0]!.files[1]!.gzip);
  });
});
