import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The project's own import graph, type-only imports included (import-x/no-cycle skips them, and a
 * type still ties two modules' meanings together). Every own import is written `@/…` (the lint
 * forbids relative ones), so reading the specifiers is enough to draw it.
 */
export type ImportGraph = Map<string, Set<string>>;

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](@\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The `@/` specifiers a module's source imports or re-exports, in order. */
export function ownSpecifiers(source: string): string[] {
  return ownImports(source).map(({ specifier }) => specifier);
}

/**
 * Each `@/` import or re-export, and whether it is type-only (`import type …`, `export type …`):
 * erased at build, so it ties meanings but puts no code in a bundle.
 */
export function ownImports(source: string): { specifier: string; typeOnly: boolean }[] {
  return [...source.matchAll(SPECIFIER)].map((match) => {
    const statement = source.slice(source.lastIndexOf(';', match.index) + 1, match.index! + match[0].length);
    return { specifier: match[1]!, typeOnly: /^\s*(?:import|export)\s+type\b/.test(statement.replace(/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/g, '')) };
  });
}

function filesUnder(root: string, folder: string): string[] {
  const path = join(root, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(root, join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );
}

/**
 * The graph of the product's modules under `folders`, keyed by path from the root; with
 * `valueOnly`, only the imports that put code in a bundle (type-only ones left out).
 */
export function readImportGraph(root: string, folders: readonly string[], { valueOnly = false } = {}): ImportGraph {
  const resolve = (specifier: string): string | null => {
    for (const extension of EXTENSIONS) {
      const candidate = specifier.slice(2) + extension;
      const path = join(root, candidate);
      if (existsSync(path) && statSync(path).isFile()) return relative(root, path);
    }
    return null;
  };
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => filesUnder(root, folder))) {
    const imports = ownImports(readFileSync(join(root, file), 'utf8')).filter(({ typeOnly }) => !valueOnly || !typeOnly);
    const targets = imports.map(({ specifier }) => resolve(specifier));
    graph.set(file, new Set(targets.filter((target): target is string => target !== null)));
  }
  return graph;
}

/** Every circle of the graph, as its modules (Tarjan's strongly connected components of more than one). */
export function findCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (module: string): void => {
    order.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, order.get(target)!));
    }
    if (low.get(module) !== order.get(module)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== module);
    if (circle.length > 1 || graph.get(module)?.has(module)) circles.push(circle.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return circles;
}

/** Every module `from` reaches through the graph, itself included. */
export function reachedFrom(graph: ImportGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const module = stack.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    for (const target of graph.get(module) ?? []) stack.push(target);
  }
  return seen;
}
