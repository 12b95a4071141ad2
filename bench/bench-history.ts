/**
 * `npm run bench:history -- --from <run folder> [--runs 1000]`: what `npm run history` costs on a long series. Makes a
 * series of copies of one real certification folder (run IDs and times moved, latencies drawn again, every 10th run a
 * failing clause), then times `npm run history` on 100 and on N runs side by side (the ratio says whether the cost
 * grows with the runs alone) and prints the page's and the JSON's size. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type CommandSpec, numberOption, parseCommandLine } from '../src/config/command-line.ts';

const BENCH_COMMAND = {
  command: 'npm run bench:history --',
  summary: 'The time and page size of npm run history on 100 and on N copies of one certification folder. Prints figures; asserts nothing.',
  options: {
    from: {
      type: 'string',
      value: '<dir>',
      description: 'a certification folder (npm run certify -- --skip-load --clauses OFFER-LIST writes one in seconds)',
    },
    runs: { type: 'string', value: '<n>', description: 'runs in the long series (default 1000)' },
  },
} as const satisfies CommandSpec;

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseCommandLine(BENCH_COMMAND, process.argv.slice(2));
const from = resolve(values.from ?? join(ROOT, 'reports/certification'));
const total =
  values.runs === undefined
    ? 1000
    : numberOption('runs', values.runs, { min: 10, max: 100_000, integer: true, what: 'a whole number from 10' });
const work = join(ROOT, 'reports/bench-history');
rmSync(work, { recursive: true, force: true });

const report = JSON.parse(readFileSync(join(from, 'certification.json'), 'utf8'));
const requests = readFileSync(join(from, 'evidence/requests.jsonl'), 'utf8').split('\n').filter(Boolean);
/** A nightly run's size: the certification's request log, repeated to about 1,400 lines (a full run's count). */
const lines = Array.from({ length: Math.max(1, Math.ceil(1400 / requests.length)) }, () => requests).flat();
const start = Date.parse('2026-01-01T02:00:00Z');
const made = Date.now();
for (let i = 0; i < total; i++) {
  const dir = join(work, 'runs', String(i).padStart(5, '0'));
  mkdirSync(join(dir, 'evidence'), { recursive: true });
  cpSync(join(from, 'index.html'), join(dir, 'index.html'));
  const r = structuredClone(report);
  r.runId = `bench-${i}`;
  r.startedAt = new Date(start + i * 86_400_000).toISOString();
  r.package.deploymentVersion = `v1.${Math.floor(i / 7)}`;
  if (i % 10 === 9 && r.clauses[0]) r.clauses[0].status = 'fail';
  writeFileSync(join(dir, 'certification.json'), JSON.stringify(r));
  const slow = i % 50 === 49 ? 3 : 1;
  writeFileSync(
    join(dir, 'evidence/requests.jsonl'),
    `${lines
      .map((l) => {
        const e = JSON.parse(l);
        e.ms = Math.round((e.ms + Math.random() * 10) * slow);
        return JSON.stringify(e);
      })
      .join('\n')}\n`,
  );
}
console.log(`made ${total} runs of ${lines.length} requests each in ${((Date.now() - made) / 1000).toFixed(1)} s`);

function timeHistory(paths: string[], out: string): number {
  const t = process.hrtime.bigint();
  const child = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['src/cli/history.ts', ...paths, '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return Number(process.hrtime.bigint() - t) / 1e9;
}
const all = Array.from({ length: total }, (_, i) => join(work, 'runs', String(i).padStart(5, '0')));
const small = timeHistory(all.slice(-100), join(work, 'out-100'));
const large = timeHistory([join(work, 'runs')], join(work, 'out-all'));
const size = (f: string) => (statSync(f).size / 1024).toFixed(0);
console.log(
  `history of 100 runs: ${small.toFixed(2)} s; of ${total} runs: ${large.toFixed(2)} s; ratio ${(large / small).toFixed(2)} for ${total / 100}× the runs`,
);
console.log(
  `${total} runs: index.html ${size(join(work, 'out-all/index.html'))} KiB, history.json ${size(join(work, 'out-all/history.json'))} KiB, history.md ${size(join(work, 'out-all/history.md'))} KiB`,
);
