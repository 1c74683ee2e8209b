/** Keeps detections free of `key: undefined`, so they compare, log and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined && field !== '') out[key] = field;
  return out as T;
}
