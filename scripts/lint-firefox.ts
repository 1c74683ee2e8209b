/**
 * Mozilla's add-on linter on the Firefox package that `npm run zip` wrote: one line per
 * finding instead of the linter's wide table, and a non-zero exit on any error (warnings are
 * listed, as AMO lists them, without failing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import linter from 'addons-linter';

interface Finding {
  code: string;
  message: string;
  file?: string;
  line?: number;
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const zip = resolve(process.argv[2] ?? `.output/dossier-${version}-firefox.zip`);
if (!existsSync(zip)) {
  console.error(`No Firefox package at ${zip}: run \`npm run zip\` first.`);
  process.exit(1);
}

const instance = linter.createInstance({
  config: { _: [zip], logLevel: 'fatal', stack: false, pretty: false, warningsAsErrors: false, metadata: false, output: 'none', boring: true, selfHosted: false },
  runAsBinary: false,
});
const report = (await instance.run()) as { errors: Finding[]; warnings: Finding[]; notices: Finding[] };
const where = (f: Finding) => (f.file ? ` (${f.file}${f.line ? `:${f.line}` : ''})` : '');
for (const [kind, list] of [['error', report.errors], ['warning', report.warnings], ['notice', report.notices]] as const) {
  for (const f of list) console.log(`${kind}: ${f.code}: ${f.message}${where(f)}`);
}
console.log(`addons-linter ${zip}: ${report.errors.length} errors, ${report.warnings.length} warnings, ${report.notices.length} notices`);
process.exit(report.errors.length ? 1 : 0);
