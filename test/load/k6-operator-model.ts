/**
 * What k6-operator makes of one of our TestRun manifests, as far as credentials go: a model written from reading
 * k6-operator v1.6.0 (commit e2c9571; the files are the same there), not its code.
 * - pkg/resources/jobs/initializer.go, NewInitializerJob: with no `spec.initializer`, the initializer is a copy of the
 *   runner (Runner.DeepCopy()); its container gets the initializer's env and envFrom, and, with `spec.arguments`
 *   (not `spec.args`), runs `sh -c` on `k6 archive <script> -e NAME="${NAME}" ... -O /tmp/<file>.archived.tar
 *   <arguments>` (newInitializerCommand), then `k6 inspect --execution-requirements` on the archive.
 * - pkg/resources/jobs/runner.go, NewRunnerJob: each runner runs `k6 run` on the script with the runner's env and
 *   envFrom, no -e from the manifest; runner jobs are <name>-1 .. <name>-<parallelism> (internal/controller/k6_create.go).
 * - internal/controller/k6_initialize.go: the run stops when the inspected maxVUs is below parallelism.
 */

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name?: string; key: string }; fieldRef?: { fieldPath: string } };
}

export interface PodSpec {
  image?: string;
  env?: EnvVar[];
  envFrom?: unknown[];
  volumes?: Array<{ name: string; persistentVolumeClaim: { claimName: string } }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}

export interface TestRun {
  metadata: { name: string };
  spec: { parallelism: number; script: { localFile: string }; arguments?: string; initializer?: PodSpec; runner: PodSpec };
}

/** A Secret's values by name and key (stringData of a filled-in secret.example.yaml). */
export type Secrets = Record<string, Record<string, string>>;

/** An env list as the container sees it: secretKeyRef read from the Secret, fieldRef metadata.name the pod's name. */
export function resolveEnv(env: readonly EnvVar[], secrets: Secrets, podName: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of env) {
    const secret = v.valueFrom?.secretKeyRef;
    const field = v.valueFrom?.fieldRef?.fieldPath;
    if (secret) out[v.name] = secrets[secret.name ?? '']?.[secret.key] ?? '';
    else if (field === 'metadata.name') out[v.name] = podName;
    else out[v.name] = v.value ?? '';
  }
  return out;
}

export interface InitializerPod {
  /** Its container's environment, resolved. */
  env: Record<string, string>;
  envFrom: unknown[];
  /** The `k6 archive` command line after the shell has expanded it (what `ps` would show in the pod). */
  commandLine: string;
  /** What `k6 archive` puts in the archive's environment: its -e values. */
  archiveEnv: Record<string, string>;
}

export function initializerPod(run: TestRun, secrets: Secrets): InitializerPod {
  const pod = run.spec.initializer ?? structuredClone(run.spec.runner);
  const env = resolveEnv(pod.env ?? [], secrets, `${run.metadata.name}-initializer`);
  const script = run.spec.script.localFile;
  const file = script.slice(script.lastIndexOf('/') + 1);
  const flags = (pod.env ?? []).map((v) => `-e ${v.name}=${env[v.name]}`);
  const commandLine = ['k6 archive', script, ...flags, '-O', `/tmp/${file}.archived.tar`, run.spec.arguments ?? ''].join(' ').trim();
  return { env, envFrom: pod.envFrom ?? [], commandLine, archiveEnv: env };
}

/** Runner pod `index` (1-based): its job name and resolved environment. */
export function runnerPod(run: TestRun, index: number, secrets: Secrets): { name: string; env: Record<string, string> } {
  const name = `${run.metadata.name}-${index}`;
  // A job's pod is named after its job plus a suffix; the fieldRef reads the pod's name.
  return { name, env: resolveEnv(run.spec.runner.env ?? [], secrets, `${name}-x7k2p`) };
}
