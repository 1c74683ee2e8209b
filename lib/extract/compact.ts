/** Keeps detections free of `key: undefined`, so they compare, log and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== '')) as T;
}
