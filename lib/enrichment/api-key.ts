/**
 * The one reading of a key, typed or stored: keys are pasted from a dashboard, and a trailing
 * newline once produced misleading "can't get credit" errors for a real team, so whitespace
 * around a key never counts: not in storage, on the wire, in the account's digest, in the client's
 * cache or in redaction. Every place that takes a key reads it through here.
 */
export const normaliseApiKey = (key: string): string => key.trim();

/** Whether a typed key holds nothing once normalised. */
export const isBlankApiKey = (key: string | undefined): boolean => key === undefined || normaliseApiKey(key) === '';
