// Investor references checked by the issuer's rules (variation investor-references-checked).

/** UK NINO (HMRC): no D, F, I, Q, U, V in the prefix, no O second, not BG, GB, KN, NK, NT, TN, ZZ; six digits; A-D. */
const NINO = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;
/** US SSN (SSA): no area 000, 666 or 9xx, no group 00, no serial 0000, and not the numbers published as examples. */
const SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const SSN_EXAMPLES = new Set(['078-05-1120', '219-09-9999', '123-45-6789']);
/** MiFID II CONCAT: nationality, birth date, five letters of first name and of surname, '#'-padded. */
const CONCAT = /^[A-Z]{2}\d{8}[A-Z#]{5}[A-Z#]{5}$/;

/** ISO 17442 LEI: 20 alphanumerics whose ISO 7064 MOD 97-10 remainder is 1. */
function isLei(value: string): boolean {
  if (!/^[A-Z0-9]{18}\d{2}$/.test(value)) return false;
  return BigInt(value.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
}

/** Whether `reference` is of the kind `type` names, by the issuer's rules where the kind has them (variation investor-references-checked). */
export function isInvestorReferenceOf(type: string, reference: string): boolean {
  if (type === 'nino') return NINO.test(reference);
  if (type === 'lei') return isLei(reference);
  if (type === 'ssn') return SSN.test(reference) && !SSN_EXAMPLES.has(reference);
  if (type === 'concat') return CONCAT.test(reference);
  return reference.trim() !== ''; // identity card and passport numbers, other: any kind of text, but some
}
