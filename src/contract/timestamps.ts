/**
 * The contract's timestamps (Conventions: "in the form YYYY-MM-DDTHH:MM:SSZ (responses show milliseconds too)"): the
 * range the suite draws them from, and the form without milliseconds. Pure: k6 and the reference import it too.
 */
export const DEFAULT_TIMESTAMP_MIN = new Date('2000-01-01T00:00:00.000Z');
export const DEFAULT_TIMESTAMP_MAX = new Date('2099-12-31T23:59:59.999Z');

/** `YYYY-MM-DDTHH:MM:SS.sssZ` -> `YYYY-MM-DDTHH:MM:SSZ` (the contract's example form). */
export const withoutMilliseconds = (iso: string): string => iso.replace(/\.\d{3}Z$/, 'Z');
