import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** The keys every fresh sandbox knows, with their starting balances. */
export const DEFAULT_KEYS: Readonly<Record<string, number>> = {
  'sandbox-demo-key': 1_000_000,
  'sandbox-small-key': 100,
  'sandbox-empty-key': 0,
};

export interface Charge {
  path: string;
  operation: string;
  creditBurn: number;
  at: string;
}

export interface Ledger {
  balance: number;
  charges: Charge[];
  requests: number;
}

const stateFileSchema = z.object({
  version: z.literal(1),
  balances: z.record(z.string(), z.number().int().nonnegative()),
});

/**
 * Accounts: balances (persisted when a state file is given, so a restart keeps what a demo
 * spent), and per-key charges and request counts (kept in memory: they serve tests, which
 * start a fresh sandbox).
 */
export class SandboxState {
  readonly #balances = new Map<string, number>();
  readonly #charges = new Map<string, Charge[]>();
  readonly #requests = new Map<string, number>();

  constructor(
    private readonly options: { stateFile?: string; now: () => number; log: (line: string) => void },
  ) {
    this.#loadDefaults();
    this.#loadFile();
  }

  hasKey(apiId: string): boolean {
    return this.#balances.has(apiId);
  }

  balance(apiId: string): number | undefined {
    return this.#balances.get(apiId);
  }

  /** Creates a key or replaces its balance (admin route, tests). */
  setKey(apiId: string, balance: number): void {
    this.#balances.set(apiId, balance);
    this.#save();
  }

  countRequest(apiId: string): void {
    this.#requests.set(apiId, (this.#requests.get(apiId) ?? 0) + 1);
  }

  /** Takes credits; the caller has checked the balance covers them. Free answers leave no charge. */
  charge(apiId: string, entry: { path: string; operation: string; creditBurn: number }): void {
    if (entry.creditBurn <= 0) return;
    const balance = this.#balances.get(apiId);
    if (balance === undefined || balance < entry.creditBurn) throw new Error(`Charge of ${entry.creditBurn} exceeds the balance of a key`);
    this.#balances.set(apiId, balance - entry.creditBurn);
    const charges = this.#charges.get(apiId) ?? [];
    charges.push({ ...entry, at: new Date(this.options.now()).toISOString() });
    this.#charges.set(apiId, charges);
    this.#save();
  }

  ledger(apiId: string): Ledger | undefined {
    const balance = this.#balances.get(apiId);
    if (balance === undefined) return undefined;
    return { balance, charges: [...(this.#charges.get(apiId) ?? [])], requests: this.#requests.get(apiId) ?? 0 };
  }

  /** Back to the default keys and balances; created keys, charges and counters are dropped. */
  reset(): void {
    this.#balances.clear();
    this.#charges.clear();
    this.#requests.clear();
    this.#loadDefaults();
    this.#save();
  }

  #loadDefaults(): void {
    for (const [apiId, balance] of Object.entries(DEFAULT_KEYS)) this.#balances.set(apiId, balance);
  }

  #loadFile(): void {
    const { stateFile, log } = this.options;
    if (!stateFile || !existsSync(stateFile)) return;
    const parsed = stateFileSchema.safeParse(safeJson(readFileSync(stateFile, 'utf8')));
    if (!parsed.success) {
      // Losing a demo's balances is better than refusing to start; say so, once.
      log(`sandbox: ignoring unreadable state file ${stateFile}; starting from default balances`);
      return;
    }
    for (const [apiId, balance] of Object.entries(parsed.data.balances)) this.#balances.set(apiId, balance);
  }

  #save(): void {
    const { stateFile } = this.options;
    if (!stateFile) return;
    mkdirSync(dirname(stateFile), { recursive: true });
    // Write then rename, so a crash mid-write never leaves half a file to be ignored next start.
    const temporary = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ version: 1, balances: Object.fromEntries(this.#balances) }, null, 2)}\n`);
    renameSync(temporary, stateFile);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
