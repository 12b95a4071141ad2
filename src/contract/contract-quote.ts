/**
 * Whether a clause's quote is the contract's own words: found verbatim in spec/offer-subscription-api.md, with
 * whitespace normalised (a line break or a run of blanks reads as one space). A quote that starts with `|` is a table
 * row: it matches one whole row of a table of the contract, cell by cell (the blanks around each pipe do not count).
 * Pure: the caller reads the contract's text (test/contract/clause-quotes.test.ts; the quotes: src/contract/clauses/).
 */

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A table row as its cells, each trimmed: `| a |  b |` and `|a|b|` are one row. */
const rowCells = (row: string) =>
  flat(row)
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
    .join('|');

const isRow = (quote: string) => quote.trimStart().startsWith('|');

/** Every table row of the contract, normalised (header and separator rows included: nothing quotes those). */
function tableRows(spec: string): Set<string> {
  return new Set(spec.split('\n').filter(isRow).map(rowCells));
}

/** Whether `quote` is in `spec` as written: a sentence (or any passage) in its text, a row in one of its tables. */
export function quoteFound(spec: string, quote: string): boolean {
  if (flat(quote) === '') return false;
  if (isRow(quote)) return tableRows(spec).has(rowCells(quote));
  return flat(spec).includes(flat(quote));
}

/** A row's first cell: the field (or name) it is about. */
const rowSubject = (quote: string) => (isRow(quote) ? rowCells(quote).split('|')[0] : null);

/**
 * The passage of `quotes` a finding's message speaks of: the first table row whose field the message names as a word
 * (`offerPrice must be number` -> the offerPrice row), else the first passage. For one line (a JUnit message); the
 * reports show every passage.
 */
export function quoteFor(quotes: readonly string[], message: string): string | undefined {
  const names = (subject: string | null) =>
    subject !== null &&
    subject !== '' &&
    new RegExp(`(?<![\\w-])${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(message);
  return quotes.find((q) => names(rowSubject(q))) ?? quotes[0];
}
