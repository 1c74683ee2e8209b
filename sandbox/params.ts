import { badRequest } from '@/sandbox/errors';

/**
 * Reads an operation's query string the way the sandbox's contract needs: empty values count
 * as absent, a parameter repeated with different values is contradictory (400, code 3), and
 * booleans are the strings `true`/`false` only, since that is what the live gateway takes.
 */
export class QueryParams {
  constructor(private readonly search: URLSearchParams) {}

  static of(url: string): QueryParams {
    return new QueryParams(new URL(url).searchParams);
  }

  string(name: string): string | undefined {
    const values = [...new Set(this.search.getAll(name).filter((value) => value.trim() !== ''))];
    if (values.length > 1) throw badRequest(`Contradictory values for ${name}: send it once.`);
    return values[0];
  }

  flag(name: string): boolean {
    const value = this.string(name);
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    throw badRequest(`${name} must be true or false.`);
  }

  positiveInt(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < 1) throw badRequest(`${name} must be a positive integer.`);
    return Number(value);
  }
}
