// Issue 43, item 5: the CI recipes of examples/ci/ as a CI engineer reads them. What a pull request runs (nothing that
// writes to staging or needs a secret), who joins the concurrency group, actions pinned by commit SHA with the release
// named, the JUnit file shown as a test report, GitLab's npm cache and its retry of exit 5 only, the verdict in GitLab's
// log as plain text (never escaped Markdown), time limits that leave the cleanup its time, certification.partial/ kept,
// and the k6 step said to be the read-only load smoke it is. What the recipes' commands do when run is
// test/hostile/ci-example.test.ts; whether a pinned release is still the newest needs the network, which tests have not.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { LOAD_SMOKE } from '../../src/certify/load-smoke.ts';
import { EXIT_CODES } from '../../src/config/exit-codes.ts';
import { READ_ONLY_SCENARIOS } from '../../src/k6/args.ts';
import { ROOT } from '../checkout.ts';

const GITHUB_FILE = 'examples/ci/github-actions/certify-staging.yml';
const GITLAB_FILE = 'examples/ci/gitlab/certify-staging.gitlab-ci.yml';
const JUNIT = 'reports/certification/evidence/junit.xml';
const PARTIAL = 'reports/certification.partial/';

interface GithubStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | boolean>;
}
interface GithubJob {
  if?: string;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  permissions?: Record<string, string>;
  'timeout-minutes': number;
  env?: Record<string, string>;
  steps: GithubStep[];
}
interface GitlabJob {
  rules: Array<{ if: string }>;
  timeout: string;
  retry: { max: number; when: string; exit_codes: number[] };
  variables: Record<string, string>;
  script: string[];
  after_script: string[];
  cache: Array<{ key: string | { files: string[] }; paths: string[]; when?: string }>;
  artifacts: { when: string; paths: string[]; reports: { junit: string } };
}

const githubText = readFileSync(join(ROOT, GITHUB_FILE), 'utf8');
const gitlabText = readFileSync(join(ROOT, GITLAB_FILE), 'utf8');
/** A recipe's comments as one line of prose: a sentence may wrap anywhere. */
const prose = (text: string) => text.replace(/\n\s*#\s*/g, ' ');
const github = parse(githubText) as { on: Record<string, unknown>; concurrency?: unknown; jobs: Record<string, GithubJob> };
const gitlab = (parse(gitlabText) as Record<string, GitlabJob>)['certify-staging'];
const onPullRequest = "github.event_name == 'pull_request'";
const notOnPullRequest = "github.event_name != 'pull_request'";

/** Minutes of a GitLab duration as the recipe writes them ("30m"). */
const minutes = (duration: string) => {
  expect(duration, 'a duration in minutes').toMatch(/^\d+m$/);
  return Number.parseInt(duration, 10);
};

test.describe('GitHub Actions recipe', () => {
  test('a pull request never certifies staging: it runs the self-check of the bundled reference, with no secret and no target, and says why', () => {
    expect(Object.keys(github.on).sort()).toEqual(['pull_request', 'schedule', 'workflow_dispatch']);
    for (const [name, job] of Object.entries(github.jobs)) {
      const text = JSON.stringify(job);
      // Whatever reads a secret or the target runs on the schedule and on demand only.
      if (/secrets\.|vars\.API_BASE_URL/.test(text)) expect(job.if, name).toBe(notOnPullRequest);
      else expect(job.if, name).toBe(onPullRequest);
    }
    const prJobs = Object.values(github.jobs).filter((j) => j.if === onPullRequest);
    expect(prJobs).toHaveLength(1);
    const [selfCheck] = prJobs;
    expect(JSON.stringify(selfCheck)).not.toMatch(/secrets\.|vars\.|API_|--profile|certify-gate/);
    expect(selfCheck.steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', expect.stringMatching(/^npm run certify\b/)]);
    expect(prose(githubText)).toMatch(/A pull request never certifies staging: it would write to the shared environment/);
    expect(prose(githubText)).toMatch(/a fork's or Dependabot's PR gets no secrets/);
  });

  test('only the staging job joins the concurrency group, which never cancels a running certification', () => {
    expect(github.concurrency, 'no workflow-level group: a pull request would queue in it').toBeUndefined();
    const grouped = Object.entries(github.jobs).filter(([, job]) => job.concurrency);
    expect(grouped.map(([name]) => name)).toEqual(['certify']);
    const [[, certify]] = grouped;
    expect(certify.if).toBe(notOnPullRequest);
    expect(certify.concurrency).toEqual({ group: 'certify-staging', 'cancel-in-progress': false });
  });

  test('every action is pinned by a full commit SHA with its release named beside it', () => {
    const uses = githubText.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(uses.length).toBeGreaterThan(4);
    for (const line of uses) expect(line, line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // One release per action: the same action is never pinned at two commits.
    const pins = new Map<string, Set<string>>();
    for (const line of uses) {
      const [, action, sha] = line.match(/uses: ([^@]+)@(\w+)/) ?? [];
      pins.set(action, (pins.get(action) ?? new Set()).add(sha));
    }
    for (const [action, shas] of pins) expect(shas.size, action).toBe(1);
  });

  test('the JUnit file is shown as a test report whatever the outcome, with the permission a check run needs', () => {
    const certify = github.jobs.certify;
    const report = certify.steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report@'));
    expect(report, 'a step that turns the JUnit file into a check run').toBeDefined();
    expect(report).toMatchObject({ if: 'always()', with: { report_paths: JUNIT } });
    expect(certify.permissions).toMatchObject({ checks: 'write' });
  });

  test('the certification ends itself before the job does, and the cleanup runs after a cancelled or failed job', () => {
    const certify = github.jobs.certify;
    expect(Number(certify.env?.API_RUN_TIMEOUT) / 60).toBeLessThan(certify['timeout-minutes']);
    expect(certify.steps.find((s) => s.run?.includes('npm run cleanup'))?.if).toBe('cancelled() || failure()');
  });
});

test.describe('GitLab CI recipe', () => {
  test('runs for schedules and manual pipelines only: a merge request never certifies staging', () => {
    expect(gitlab.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule"' }, { if: '$CI_PIPELINE_SOURCE == "web"' }]);
  });

  test("npm's cache is kept between pipelines, keyed by the lock file, and npm ci reads it", () => {
    const install = gitlab.script.find((line) => /^npm ci\b/.test(line));
    expect(install).toMatch(/--cache \.npm\b/);
    expect(install).toMatch(/--prefer-offline/);
    expect(gitlab.cache).toContainEqual({ key: { files: ['package-lock.json'] }, paths: ['.npm/'] });
  });

  test('exit 5 (the target unavailable: retry later) is retried, and no other failure', () => {
    expect(gitlab.retry).toEqual({ max: 2, when: 'script_failure', exit_codes: [EXIT_CODES.targetUnavailable] });
  });

  test('after_script prints the verdict and its reasons as plain text, never the Markdown report', () => {
    const md = /\bcertification\.md\b|\.md\b/;
    for (const line of gitlab.after_script) expect(line, line).not.toMatch(new RegExp(`\\bcat\\b.*${md.source}`));
    const verdictLine = gitlab.after_script.find((line) => line.includes('certification.json'));
    expect(verdictLine).toBeDefined();
    // Run it as the runner would, on a FAIL whose reasons hold what Markdown escapes.
    const dir = mkdtempSync(join(tmpdir(), 'gitlab-after-script-'));
    try {
      mkdirSync(join(dir, 'reports/certification'), { recursive: true });
      const reasons = ['SUB-CREATE-ECHO fails: expected amount 49.5, received 49.50 (49.5 s in all)', 'offers & subscriptions <b>'];
      writeFileSync(join(dir, 'reports/certification/certification.json'), JSON.stringify({ verdict: 'fail', verdictReasons: reasons }));
      writeFileSync(join(dir, 'reports/certification/certification.md'), '# Certification: FAIL\n\n49\\.5 s &amp; offers\n');
      const printed = execFileSync('bash', ['-eo', 'pipefail', '-c', verdictLine!], {
        cwd: dir,
        env: { PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
        encoding: 'utf8',
      });
      expect(printed).toBe(`FAIL\n${reasons.join('\n')}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a certification that overruns leaves after_script its time: the run ends itself, the script's limit and after_script's fit in the job's", () => {
    const v = gitlab.variables;
    const script = minutes(v.RUNNER_SCRIPT_TIMEOUT);
    const after = minutes(v.RUNNER_AFTER_SCRIPT_TIMEOUT);
    expect(Number(v.API_RUN_TIMEOUT) / 60).toBeLessThan(script);
    // The image, the clone and the artifacts need time of the job's too.
    expect(script + after).toBeLessThanOrEqual(minutes(gitlab.timeout) - 3);
    expect(prose(gitlabText)).toMatch(/A job that reaches its timeout is killed WITHOUT its after_script/);
    expect(prose(gitlabText)).toMatch(
      /A cleanup cut off by it leaves the run's journal in the artifact \(reports\/certification\.partial\/\)/,
    );
  });

  test('JUnit is the Tests tab, and every artifact is kept whatever the outcome', () => {
    expect(gitlab.artifacts.when).toBe('always');
    expect(gitlab.artifacts.reports.junit).toBe(JUNIT);
  });
});

test.describe('both recipes', () => {
  test('reports/certification.partial/ is uploaded whatever the outcome: a run stopped by a timeout leaves its evidence', () => {
    const uploads = github.jobs.certify.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const partial = uploads.filter((s) => String(s.with?.path).split('\n').includes(PARTIAL));
    expect(partial).toHaveLength(1);
    expect(partial[0].if).toBe('always()');
    expect(gitlab.artifacts.paths).toContain(PARTIAL);
  });

  test('the k6 step is said to be the read-only load smoke certify runs', () => {
    expect(READ_ONLY_SCENARIOS).toContain(LOAD_SMOKE.scenario);
    const seconds = LOAD_SMOKE.duration.replace(/s$/, ' s');
    const said = new RegExp(`READ-ONLY load smoke against staging \\((the )?${LOAD_SMOKE.scenario}[^)]*\\b${seconds}\\b`);
    expect(prose(githubText)).toMatch(said);
    expect(prose(gitlabText)).toMatch(said);
    expect(github.jobs.certify.steps.map((s) => s.uses?.split('@')[0])).toContain('grafana/setup-k6-action');
  });
});
