/**
 * Bundles page code the way the extension ships it (esbuild, minified, browser target) into
 * an IIFE that puts its exports on `window`, so the bench can run it inside a real page.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';

export interface Bundle {
  code: string;
  bytes: number;
  gzipBytes: number;
}

/** `exports` maps a global name to `[module path from the repo root, export name]`. */
export async function bundleForPage(globalName: string, exports: Record<string, [module: string, name: string]>, options: { minify?: boolean } = {}): Promise<Bundle> {
  const root = resolve(import.meta.dirname, '../..');
  const imports = Object.entries(exports)
    .map(([alias, [module, name]]) => `import { ${name} as ${alias} } from ${JSON.stringify(`./${module}`)};`)
    .join('\n');
  const result = await build({
    stdin: { contents: `${imports}\nwindow.${globalName} = { ${Object.keys(exports).join(', ')} };`, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    minify: options.minify ?? true,
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code).length };
}
