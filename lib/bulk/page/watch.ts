import { watchRecords } from '@/lib/platform/storage/watch-records';

type Apply<T> = (value: T) => void;
type Fail = (err: unknown) => void;

/**
 * The bulk screens' one way to follow the worker's writes: a read of runs (or of rows) made
 * again after each write, spaced as lib/platform/storage/watch-records.ts explains. Returns the
 * call that stops following.
 */
export const watchRuns = <T>(read: () => Promise<T>, apply: Apply<T>, onError?: Fail) => watchRecords('bulkRuns', read, apply, onError);
export const watchRows = <T>(read: () => Promise<T>, apply: Apply<T>, onError?: Fail) => watchRecords('bulkRows', read, apply, onError);
