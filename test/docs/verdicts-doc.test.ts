// Issue 43, item 2: STOPPED is documented with the other verdicts. Every verdict certification.json can hold (the
// report's schema and the stopped run's) is named in docs/certification.md, STOPPED with the exit codes its schema
// allows, and both guides say a stopped run moves the previous certification to <out>.previous/ instead of deleting it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../checkout.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const schema = (name: string) => JSON.parse(read(`schemas/${name}`));
const certification = read('docs/certification.md');

test('docs/certification.md names every verdict certification.json can hold, STOPPED with its exit codes', () => {
  const stopped = schema('certification-stopped.schema.json').properties;
  const verdicts: string[] = [...schema('certification-report.schema.json').properties.verdict.enum, stopped.verdict.const];
  expect(verdicts).toEqual(['pass', 'fail', 'incomplete', 'stopped']);
  const paragraph = certification.slice(certification.indexOf('The verdict is **PASS**'));
  for (const verdict of verdicts) expect(paragraph, verdict).toContain(`**${verdict.toUpperCase()}**`);
  const codes: number[] = stopped.stopped.properties.exitCode.enum;
  expect(certification).toContain(`${codes.join(' / ')} STOPPED`);
  expect(paragraph).toMatch(/\*\*STOPPED\*\* when the\s+run could not judge the target at all/);
});

test('both guides say a stopped run moves the previous certification, unchanged, to <out>.previous/', () => {
  expect(certification).toMatch(/moved, whole and unchanged, to `<out>\.previous\/`/);
  expect(read('docs/configuration.md')).toMatch(/moves the previous\s+certification, whole and unchanged, to `<out>\.previous\/`/);
});
