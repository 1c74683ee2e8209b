import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { findCircles, ownImports, ownSpecifiers, reachedFrom, readImportGraph, type ImportGraph } from '@/test/support/import-graph';

/**
 * What the lint cannot see: import-x/no-cycle skips type-only imports, and its zones see one
 * import at a time. Here the whole graph of the product is drawn, types included.
 */
const PRODUCT = ['lib', 'components', 'entrypoints'];
/** Shared layers: they serve every feature and know none (lib/README.md). */
const SHARED = ['lib/platform/', 'lib/identity/', 'lib/enrichment/'];

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the import graph, type-only imports counted', () => {
  const graph = readImportGraph(process.cwd(), PRODUCT);

  it('reads every kind of import, a type-only one included', () => {
    const source = [
      "import type { A } from '@/lib/a';",
      "import { b, type B } from '@/lib/b';",
      "export type { C } from '@/lib/c';",
      "export * from '@/lib/d';",
      "const e = await import('@/lib/e');",
      "import '@/components/base.css';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(ownSpecifiers(source)).toEqual(['@/lib/a', '@/lib/b', '@/lib/c', '@/lib/d', '@/lib/e', '@/components/base.css']);
  });

  it('finds a circle made of type-only imports (the control: the check can fail)', () => {
    const typeOnly = graphOf({ 'lib/contracts/content-protocol.ts': ['lib/panel/tab-state.ts'], 'lib/panel/tab-state.ts': ['lib/contracts/content-protocol.ts'], 'lib/panel/other.ts': ['lib/panel/tab-state.ts'] });
    expect(findCircles(typeOnly)).toEqual([['lib/contracts/content-protocol.ts', 'lib/panel/tab-state.ts']]);
    expect(findCircles(graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('has no import circle in the product', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(findCircles(graph)).toEqual([]);
  });

  it('has no import from a shared layer into a feature', () => {
    const isShared = (path: string) => SHARED.some((folder) => path.startsWith(folder));
    const intoFeatures = [...graph].flatMap(([from, targets]) => (isShared(from) ? [...targets].filter((to) => !isShared(to)).map((to) => `${from} -> ${to}`) : []));
    expect(intoFeatures).toEqual([]);
  });

  it('tells a type-only import from one that brings code', () => {
    const source = "import type { A } from '@/lib/a';\n// a note\nimport { b, type B } from '@/lib/b';\nexport type { C } from '@/lib/c';\nexport { d } from '@/lib/d';\n";
    expect(ownImports(source)).toEqual([
      { specifier: '@/lib/a', typeOnly: true },
      { specifier: '@/lib/b', typeOnly: false },
      { specifier: '@/lib/c', typeOnly: true },
      { specifier: '@/lib/d', typeOnly: false },
    ]);
  });

  it('puts no storage, worker, client or screen code in a content script or the offscreen document', () => {
    const running = readImportGraph(process.cwd(), PRODUCT, { valueOnly: true });
    const entries = [...readdirSync('entrypoints').filter((name) => name.endsWith('.content.ts')).map((name) => `entrypoints/${name}`), 'entrypoints/offscreen/main.ts'];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const forbidden = /^(lib\/platform\/storage\/|lib\/worker\/|lib\/[^/]+\/worker\/|lib\/api\/|lib\/[^/]+\/page\/|components\/)/;
    const reached = entries.flatMap((entry) => [...reachedFrom(running, entry)].filter((module) => forbidden.test(module)).map((module) => `${entry} -> ${module}`));
    expect(reached).toEqual([]);
    // The check can fail: the worker's entry does reach the vault.
    expect([...reachedFrom(running, 'entrypoints/background.ts')].some((module) => module.startsWith('lib/platform/storage/'))).toBe(true);
  });
});
