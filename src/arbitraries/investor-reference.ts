import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { INVESTOR_REFERENCE_TYPES } from '../contract/vocabulary.ts';
import type { InvestorReferenceType } from '../contract/vocabulary.ts';

export interface InvestorReference {
  investorReferenceType: InvestorReferenceType;
  investorReference: string;
}

const upper = (alphabet: string): Arbitrary<string> => fc.constantFrom(...alphabet.split(''));
const digits = (length: number): Arbitrary<string> =>
  fc.array(upper('0123456789'), { minLength: length, maxLength: length }).map((d) => d.join(''));
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** UK National Insurance number: two prefix letters (HMRC's excluded letters and pairs left out), six digits, A-D. */
const nino: Arbitrary<string> = fc
  .tuple(upper('ABCEGHJKLMNPRSTWXYZ'), upper('ABCEGHJKLMNPRSTWXYZ'), digits(6), upper('ABCD'))
  .filter(([first, second]) => !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(first + second))
  .map((parts) => parts.join(''));

/** ISO 7064 MOD 97-10 check digits, as ISO 17442 (LEI) uses them. */
export function leiCheckDigits(base18: string): string {
  const numeric = `${base18}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
}

/** LEI: 18 alphanumerics and two valid check digits. */
const lei: Arbitrary<string> = fc
  .array(upper(ALNUM), { minLength: 18, maxLength: 18 })
  .map((chars) => chars.join(''))
  .map((base) => base + leiCheckDigits(base));

const documentNumber: Arbitrary<string> = fc.array(upper(ALNUM), { minLength: 6, maxLength: 12 }).map((chars) => chars.join(''));

/** MiFID II CONCAT: nationality, birth date YYYYMMDD, first five letters of first name and surname, '#'-padded. */
const namePart: Arbitrary<string> = fc
  .array(upper('ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 1, maxLength: 5 })
  .map((chars) => chars.join('').padEnd(5, '#'));
const concat: Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('GB', 'IE', 'FR', 'DE', 'NL', 'SE', 'NO', 'DK', 'US'),
    fc.date({ min: new Date('1920-01-01T00:00:00Z'), max: new Date('2007-12-31T00:00:00Z'), noInvalidDate: true }),
    namePart,
    namePart,
  )
  .map(([country, birth, first, last]) => `${country}${birth.toISOString().slice(0, 10).replace(/-/g, '')}${first}${last}`);

/** Numbers the SSA publishes as examples or lists as invalid: a service that checks SSNs refuses them. */
const SSN_EXAMPLES: readonly string[] = ['078-05-1120', '219-09-9999', '123-45-6789'];

/** US SSN AAA-GG-SSSS with no all-zero group, no area 000, 666 or 9xx, and none of the SSA's examples. */
const ssn: Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 1, max: 899 }).filter((a) => a !== 666),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
  )
  .map(([a, g, s]) => `${String(a).padStart(3, '0')}-${String(g).padStart(2, '0')}-${String(s).padStart(4, '0')}`)
  .filter((number) => !SSN_EXAMPLES.includes(number));

/**
 * A reference of another kind: any printable text, but not blank and not padded with spaces. A service may refuse a
 * blank reference (it identifies no one) or trim one (and then echo a value that differs from the request's).
 */
const otherReference: Arbitrary<string> = fc.string({ minLength: 1, maxLength: 32 }).filter((text) => text.trim() === text && text !== '');

const REFERENCE_BY_TYPE: Record<InvestorReferenceType, Arbitrary<string>> = {
  nino,
  lei,
  identity_card_number: documentNumber,
  passport_number: documentNumber,
  concat,
  ssn,
  other: otherReference,
};

/**
 * An `investorReferenceType` with an `investorReference` "of the kind given in
 * investorReferenceType" (contract, Subscription). Every value of the enum is reachable.
 *
 * The contract types the reference as a plain string and gives no format per kind; the values here
 * are shaped like the real identifiers (a valid LEI checksum, a NINO prefix HMRC issues, ...), so a
 * target that checks formats, which the contract neither requires nor forbids, is not failed on a
 * guess of ours. `types` narrows the kinds drawn (those that suit the investor: see `suitsInvestor`).
 */
export function investorReference(types: readonly InvestorReferenceType[] = INVESTOR_REFERENCE_TYPES): Arbitrary<InvestorReference> {
  return fc.oneof(
    ...types.map((type) =>
      REFERENCE_BY_TYPE[type].map((reference): InvestorReference => ({ investorReferenceType: type, investorReference: reference })),
    ),
  );
}
