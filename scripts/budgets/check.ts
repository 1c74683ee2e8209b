/**
 * `npm run test:budgets`: weighs each release page's script before first paint (first-paint.ts)
 * in every browser build `npm run zip` wrote, prints the figures, and fails when an enforced page
 * is over its budget. `npx tsx scripts/budgets/check.ts <build dir>` checks one build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkBudgets, type BudgetRow } from '@/scripts/budgets/first-paint';
import { PAGE_BUDGETS } from '@/scripts/budgets/pages';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function line(row: BudgetRow): string {
  const said = row.verdict === 'within' ? (row.budget.enforced ? 'within' : 'within (not enforced yet: add it to scripts/budgets/pages.ts)') : row.verdict === 'over' ? 'OVER BUDGET' : 'over budget (not enforced yet)';
  return `  ${row.page.padEnd(22)} ${kb(row.gzip).padStart(9)} of ${String(row.budget.kb).padStart(3)} KB  ${said}  (${row.files.length}${row.budget.files === undefined ? '' : ` of ${row.budget.files}`} files)`;
}

const root = resolve(process.argv[2] ?? '.output');
const builds = process.argv[2] ? [root] : existsSync(root) ? readdirSync(root).filter((d) => /-mv\d$/.test(d)).map((d) => join(root, d)) : [];
if (!builds.length) {
  console.error(`No release build under ${root}: run \`npm run zip\` (or \`npm run build\`) first.`);
  process.exit(1);
}

let failed = 0;
console.log('Script before first paint, gzip -9 (module script + modulepreloads + their static imports):');
for (const build of builds) {
  console.log(build);
  const result = checkBudgets(build, PAGE_BUDGETS);
  for (const row of result.rows) console.log(line(row));
  failed += result.failed.length;
}
if (failed) {
  console.error(`${failed} page(s) over their enforced budget.`);
  process.exit(1);
}
