/**
 * `npm run bench:history -- <a certification folder> [--runs 1000]`: how `npm run history` scales with a long series.
 * Copies the run given (its certification.json and evidence) into N runs a day apart, a third of them with a clause
 * failing and a latency step in a tenth, then times `npm run history` over them as a user runs it and prints the wall
 * time, the CPU time, and the size of each file it wrote. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommandLine, numberOption } from '../src/config/command-line.ts';
import { BENCH_HISTORY_COMMAND } from '../src/cli/bench-commands.ts';

const { values, positionals } = parseCommandLine(BENCH_HISTORY_COMMAND);
const runs =
  values.runs === undefined ? 1000 : numberOption('runs', values.runs, { min: 2, integer: true, what: 'a whole number, at least 2' });
const source = resolve(positionals[0]);
const root = resolve('reports', 'bench-history');
const series = join(root, 'series');
rmSync(root, { recursive: true, force: true });
const report = JSON.parse(readFileSync(join(source, 'certification.json'), 'utf8'));
const requests = readFileSync(join(source, 'evidence', 'requests.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean);
const passing = report.clauses.find((c: { status: string }) => c.status === 'pass');
for (let i = 0; i < runs; i++) {
  const dir = join(series, `run-${String(i).padStart(5, '0')}`);
  mkdirSync(join(dir, 'evidence'), { recursive: true });
  cpSync(join(source, 'evidence', 'config.json'), join(dir, 'evidence', 'config.json'));
  cpSync(join(source, 'index.html'), join(dir, 'index.html'));
  const failing = i % 3 === 1;
  const copy = structuredClone(report);
  copy.runId = `bench-${i}`;
  copy.startedAt = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString();
  copy.verdict = failing ? 'fail' : report.verdict;
  const clause = copy.clauses.find((c: { id: string }) => c.id === passing?.id);
  if (clause && failing)
    Object.assign(clause, {
      status: 'fail',
      verdict: 'fail',
      failures: [{ test: 't', check: 'c', message: 'a deviation', drift: false, evidence: null }],
    });
  writeFileSync(join(dir, 'certification.json'), JSON.stringify(copy));
  const slower = i % 10 === 9 ? 200 : 0;
  writeFileSync(
    join(dir, 'evidence', 'requests.jsonl'),
    `${requests
      .map((l) => {
        const e = JSON.parse(l);
        e.ms += slower;
        return JSON.stringify(e);
      })
      .join('\n')}\n`,
  );
}
const started = process.hrtime.bigint();
const out = join(root, 'history');
const made = spawnSync(process.execPath, ['--import', 'tsx', resolve('src/cli/history.ts'), series, '--out', out], { encoding: 'utf8' });
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
if (made.status !== 0) throw new Error(`npm run history failed: ${made.stderr}`);
const size = (f: string) => `${(statSync(join(out, f)).size / 1024).toFixed(0)} KiB`;
process.stdout.write(
  [
    `history of ${runs} runs (${requests.length} requests each), made from ${source}`,
    `  wall: ${(wallMs / 1000).toFixed(2)} s for the whole command (Node start-up included)`,
    `  files: index.html ${size('index.html')}, history.json ${size('history.json')}, history.md ${size('history.md')}`,
    '',
  ].join('\n'),
);
