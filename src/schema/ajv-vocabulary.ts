// The suite's vocabulary (src/schema/vocabulary.ts) as an Ajv instance registers it: the formats and the
// `maxDecimalPlaces` keyword. Kept apart from the registry so any other Ajv instance (reference server, the generator
// of the standalone validators) registers exactly the same definitions.
import type AjvCore from 'ajv/dist/core.js';
import type { CodeKeywordDefinition } from 'ajv/dist/types/index.js';
import { _, type KeywordCxt, Name, str } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  finiteDecimalPlaces,
  MAX_DECIMAL_PLACES_KEYWORD,
  maxDecimalPlacesMetaSchema,
  STANDALONE_RUNTIME,
  UTC_DATE_TIME_FORMAT,
  utcDateTimeFormat,
} from './vocabulary.ts';

/**
 * `maxDecimalPlaces: N` on a number: its shortest round-trip decimal form (see `decimalPlaces`) has
 * at most N digits after the point. Ignores non-numbers, like every JSON Schema assertion. Written as code (not a
 * validate function) so validators using it can be generated ahead of time (src/schema/standalone.ts).
 */
export const maxDecimalPlacesKeyword: CodeKeywordDefinition = {
  keyword: MAX_DECIMAL_PLACES_KEYWORD,
  type: 'number',
  schemaType: 'number',
  metaSchema: maxDecimalPlacesMetaSchema,
  error: {
    message: ({ params }) =>
      _`${params.places} === null ? "must be a finite JSON number" : ${str`must have at most ${params.limit} decimal places (has ${params.places})`}`,
    params: ({ params }) =>
      _`${params.places} === null ? {limit: ${params.limit}} : {limit: ${params.limit}, decimalPlaces: ${params.places}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, schemaCode } = cxt;
    const count = gen.scopeValue('func', {
      ref: finiteDecimalPlaces,
      code: _`${new Name(STANDALONE_RUNTIME)}.finiteDecimalPlaces`,
    });
    const places = gen.const('places', _`${count}(${data})`);
    cxt.setParams({ limit: schemaCode as number, places }); // schemaType number: a number literal
    cxt.fail(_`${places} === null || ${places} > ${schemaCode}`);
  },
};

/** Registers the standard formats, `utc-date-time` and `maxDecimalPlaces` on an Ajv instance. */
export function addSuiteVocabulary<A extends AjvCore>(ajv: A): A {
  addFormats(ajv);
  ajv.addFormat(UTC_DATE_TIME_FORMAT, utcDateTimeFormat);
  ajv.addKeyword(maxDecimalPlacesKeyword);
  return ajv;
}
