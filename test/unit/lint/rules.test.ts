import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's rules are lint rules (eslint.config.js), and `npm test` runs `npm run lint`
 * before anything else. Each rule is shown here to fail a file that breaks it, with the project's
 * own configuration, so that a rule switched off or a pattern mistyped fails the suite too.
 */
const ROOT = process.cwd();
// A folder of its own in lib/, where the rules for lib/ apply; removed after the run.
const PROBE = `lib/lint-probe-${process.pid}`;

/**
 * One file per "never" rule of the architecture (eslint.config.js, ZONES), each breaking it once:
 * where the file sits says where its code runs. `typeOnly` marks a break made by a type import
 * alone, which the zones count.
 */
const ZONE_BREAKS = [
  { rule: 'content scripts reach no worker code', path: (probe: string) => `${probe}/content/reach-worker.ts`, code: "import { createLookupService } from '@/lib/lookup/worker/service';\n\nexport const service = createLookupService;\n", message: 'Content scripts never reach worker, page or storage code' },
  { rule: 'content scripts reach no page code', path: (probe: string) => `${probe}/content/reach-page.ts`, code: "import { onBookChanged } from '@/lib/book/page/changes';\n\nexport const listen = onBookChanged;\n", message: 'Content scripts never reach worker, page or storage code' },
  { rule: 'pages reach no gateway client', path: (probe: string) => `${probe}/page/reach-client.ts`, code: "import { createEnrichmentClient } from '@/lib/api';\n\nexport const client = createEnrichmentClient;\n", message: 'Pages never reach the gateway client or worker code' },
  { rule: 'content scripts never open the vault', path: (probe: string) => `${probe}/content/reach-vault.ts`, code: "import { withRecords } from '@/lib/platform/storage/vault';\n\nexport const read = withRecords;\n", message: 'Content scripts never reach worker, page or storage code' },
  { rule: 'the offscreen document reaches no worker code', path: (probe: string) => `${probe}/offscreen/reach-worker.ts`, code: "import { createLookupService } from '@/lib/lookup/worker/service';\n\nexport const service = createLookupService;\n", message: 'The offscreen document only writes the clipboard' },
  { rule: 'screens never use the storage layer', path: (probe: string) => `components/${probe.slice('lib/'.length)}-vault.ts`, code: "import { withRecords } from '@/lib/platform/storage/vault';\n\nexport const read = withRecords;\n", message: 'Screens never use the storage layer' },
  { rule: 'the worker reaches no page code', path: (probe: string) => `${probe}/worker/reach-page.ts`, code: "import { onBookChanged } from '@/lib/book/page/changes';\n\nexport const listen = onBookChanged;\n", message: 'The worker never reaches page or content-script code' },
  { rule: 'a contract imports no implementation, not even a type', path: (probe: string) => `${probe}/contract.ts`, code: "import type { LookupService } from '@/lib/lookup/worker/service';\n\nexport type Service = LookupService;\n", message: 'A contract imports no implementation' },
  { rule: 'shared code knows no feature', path: (probe: string) => `lib/platform/${probe.slice('lib/'.length)}-shared.ts`, code: "import type { Contact } from '@/lib/book/model';\n\nexport type Known = Contact;\n", message: 'Shared code knows no feature' },
  { rule: 'a feature’s root reaches none of its contexts', path: (probe: string) => `${probe}/root.ts`, code: "import { onBookChanged } from '@/lib/book/page/changes';\n\nexport const listen = onBookChanged;\n", message: 'A feature’s root is shared by its contexts' },
  { rule: 'nor does a folder of the root that is no context', path: (probe: string) => `${probe}/outbox/queue.ts`, code: "import { createLookupService } from '@/lib/lookup/worker/service';\n\nexport const service = createLookupService;\n", message: 'A feature’s root is shared by its contexts' },
] as const;

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
  mkdirSync(join(ROOT, PROBE), { recursive: true });
});

afterAll(() => rmSync(join(ROOT, PROBE), { recursive: true, force: true }));

/** A command's exit status and output; awaited, so the test runner's worker stays responsive meanwhile. */
function run(command: string, args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

/** The rules a file breaks, as `npm run lint` would report them. */
async function brokenRules(path: string, code: string): Promise<(string | null)[]> {
  return (await lintMessages(path, code)).map((message) => message.ruleId);
}

async function lintMessages(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages;
}

describe('the architecture’s rules, as lint rules', { timeout: 60_000 }, () => {
  it('passes a module that keeps them (the control: the rules do not fail everything)', async () => {
    const code = "import { t } from '@/lib/platform/i18n';\n\nexport const greeting = (name: string): string => `${t('popup.title')} ${name}`;\n";
    expect(await brokenRules(`${PROBE}/clean.ts`, code)).toEqual([]);
  });

  it('lib/ imports nothing from components/ or entrypoints/', async () => {
    // (A feature's root breaks a zone too: it reaches page or worker code.)
    expect(await brokenRules(`${PROBE}/ui.ts`, "import { Card } from '@/components/card/Card';\n\nexport const card = Card;\n")).toContain('no-restricted-imports');
    expect(await brokenRules(`${PROBE}/worker.ts`, "import background from '@/entrypoints/background';\n\nexport const worker = background;\n")).toContain('no-restricted-imports');
    // The same import is allowed where it belongs.
    expect(await brokenRules('components/lint-probe.tsx', "import { Card } from '@/components/card/Card';\n\nexport const card = Card;\n")).toEqual([]);
  });

  it('one import style: the project’s own modules by `@/`, never by a relative path', async () => {
    expect(await brokenRules(`${PROBE}/relative.ts`, "import { t } from '../i18n';\n\nexport const title = t('popup.title');\n")).toEqual(['no-restricted-imports']);
    expect(await brokenRules('components/lint-probe.ts', "export { t } from './i18n-probe';\n")).toEqual(['no-restricted-imports']);
  });

  it('no import circles', async () => {
    writeFileSync(join(ROOT, PROBE, 'kinds.ts'), `import { sentence } from '@/${PROBE}/sentences';\n\nexport const kinds = ['a', sentence];\n`);
    writeFileSync(join(ROOT, PROBE, 'sentences.ts'), `import { kinds } from '@/${PROBE}/kinds';\n\nexport const sentence = 'b';\nexport const all = () => kinds;\n`);
    expect(await brokenRules(`${PROBE}/kinds.ts`, `import { sentence } from '@/${PROBE}/sentences';\n\nexport const kinds = ['a', sentence];\n`)).toEqual(['import-x/no-cycle']);
  });

  it('no `any`', async () => {
    expect(await brokenRules(`${PROBE}/loose.ts`, 'export const parse = (text: string): any => JSON.parse(text);\n')).toEqual(['@typescript-eslint/no-explicit-any']);
    expect(await brokenRules('test/unit/lint-probe.test.ts', 'export const reply = {} as any;\n')).toEqual(['@typescript-eslint/no-explicit-any']);
  });

  it('React’s rules of hooks, and its effects rules', async () => {
    const conditionalHook = "import { useState } from 'react';\n\nexport function Panel({ open }: { open: boolean }) {\n  if (open) useState(0);\n  return null;\n}\n";
    expect(await brokenRules('components/lint-probe.tsx', conditionalHook)).toEqual(['react-hooks/rules-of-hooks']);
    const missingDependency = "import { useEffect } from 'react';\n\nexport function Panel({ id }: { id: string }) {\n  useEffect(() => console.info(id), []);\n  return null;\n}\n";
    expect(await brokenRules('components/lint-probe.tsx', missingDependency)).toEqual(['react-hooks/exhaustive-deps']);
  });

  it('accessibility of the markup (jsx-a11y)', async () => {
    expect(await brokenRules('components/lint-probe.tsx', 'export const Logo = () => <img src="logo.png" />;\n')).toEqual(['jsx-a11y/alt-text']);
    const clickableDiv = 'export const Row = ({ open }: { open: () => void }) => <div onClick={open}>Maya Chen</div>;\n';
    expect(await brokenRules('components/lint-probe.tsx', clickableDiv)).toEqual(expect.arrayContaining(['jsx-a11y/click-events-have-key-events', 'jsx-a11y/no-static-element-interactions']));
  });

  describe('where code runs: the zones', () => {
    it.each(ZONE_BREAKS)('$rule', async ({ path, code, message }) => {
      const messages = await lintMessages(path(PROBE), code);
      // (A contract at a feature's root breaks the root's zone as well: two reports, one rule.)
      expect(new Set(messages.map((m) => m.ruleId))).toEqual(new Set(['import-x/no-restricted-paths']));
      expect(messages.map((m) => m.message)).toContainEqual(expect.stringContaining(message));
    });

    it('lets each context import what it may (the control)', async () => {
      expect(await brokenRules(`${PROBE}/page/reader.ts`, "import { withRecords } from '@/lib/platform/storage/vault';\nimport type { Preview } from '@/lib/lookup/contract';\n\nexport const read = withRecords;\nexport type Price = Preview;\n")).toEqual([]);
      expect(await brokenRules(`${PROBE}/worker/service.ts`, "import { createLookupService } from '@/lib/lookup/worker/service';\nimport { createEnrichmentClient } from '@/lib/api';\n\nexport const both = [createLookupService, createEnrichmentClient];\n")).toEqual([]);
      expect(await brokenRules(`${PROBE}/content/reader.ts`, "import type { Detection } from '@/lib/detect/detection';\nimport { cleanText } from '@/lib/platform/text';\n\nexport type Seen = Detection;\nexport const clean = cleanText;\n")).toEqual([]);
    });
  });

  // The whole project is linted: about 25 s alone, more beside the other test files on 2 cores.
  it('fails `npm run lint` (the command `npm test` runs first) when one file of the project breaks a rule', { timeout: 240_000 }, async () => {
    const folder = `${PROBE}-cli`;
    mkdirSync(join(ROOT, folder), { recursive: true });
    try {
      writeFileSync(join(ROOT, folder, 'broken.ts'), "import { t } from '../i18n';\n\nexport const title = t('popup.title');\n");
      // And each zone, broken in a file of its own.
      const zoneFiles = ZONE_BREAKS.map(({ path, code }) => {
        const file = path(folder);
        mkdirSync(dirname(join(ROOT, file)), { recursive: true });
        writeFileSync(join(ROOT, file), code);
        return file;
      });
      const lint = await run('npm', ['run', '--silent', 'lint']);
      expect(lint.status).toBe(1);
      expect(lint.stdout).toContain(join(folder, 'broken.ts'));
      expect(lint.stdout).toContain("Import the project's own modules from the root");
      for (const [index, file] of zoneFiles.entries()) {
        const report = lint.stdout.slice(lint.stdout.indexOf(`${file}\n`));
        expect(report, file).not.toBe(lint.stdout.slice(-1));
        expect(report.split('\n\n')[0], file).toContain(ZONE_BREAKS[index]!.message);
        expect(report.split('\n\n')[0], file).toContain('import-x/no-restricted-paths');
      }
    } finally {
      rmSync(join(ROOT, folder), { recursive: true, force: true });
      for (const { path } of ZONE_BREAKS) rmSync(join(ROOT, path(folder)), { force: true });
    }
  });
});
