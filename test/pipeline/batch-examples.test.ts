// examples/batch/ (issue 52): each example's own command lines run here as
// its engine would run them — the engine's variables set per index (GitHub's
// matrix value, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX/SIZE), the
// shared /shards folder a temporary one, the job scaled to 8 levels
// (`--count 8` added) — the four shards merged by the example's merge line
// and compared byte for byte with the single-machine run. Also what each
// example promises about retries: the exit codes 1 and 2 end an index, the
// others are retried. In process, in a game folder (the working directory).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, quickConfig, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const examples = path.join(ROOT, 'examples', 'batch');
const read = (f: string) => fs.readFileSync(path.join(examples, f), 'utf8');
const home = process.cwd();
const game = tempDir();
const SCALE = ['--count', '8', '--threads', '1', '--quiet'];

beforeAll(async () => {
  process.chdir(game);
  fs.mkdirSync('proofpack');
  fs.writeFileSync('proofpack/slide.json', JSON.stringify(quickConfig('slide')));
  const whole = await run(['generate', 'slide', '--config', 'proofpack/slide.json', ...SCALE, '--out', 'whole.json']);
  expect(whole.code, whole.stderr).toBe(0);
});
afterAll(() => process.chdir(home));

/** A `npx proofpack …` line as arguments: variables from `vars` put in, /shards/ moved to `shards`. */
function argsOf(line: string, vars: Record<string, string>, shards: string): string[] {
  let text = line.trim();
  for (const [name, value] of Object.entries(vars)) text = text.replaceAll(`\${{ matrix.${name} }}`, value).replaceAll(`$${name}`, value);
  expect(text).toMatch(/^npx proofpack /);
  expect(text).not.toMatch(/\$/);
  return text
    .replace(/^npx proofpack /, '')
    .split(/\s+/)
    .map((a) => a.replace(/^\/shards\//, `${shards}/`).replace(/^shards\//, `${shards}/`));
}

/** The four shards of `generate` (with `varsOf(i)` set in the environment too), merged by `merge`: the unsharded bytes. */
async function fanOut(name: string, generate: string, merge: string, varsOf: (i: number) => Record<string, string>) {
  const shards = path.join(game, name);
  fs.mkdirSync(shards);
  for (let i = 0; i < 4; i++) {
    const vars = varsOf(i);
    Object.assign(process.env, vars);
    try {
      const r = await run([...argsOf(generate, vars, shards), ...SCALE]);
      expect(r.code, `${name} index ${i}: ${r.stderr}`).toBe(0);
    } finally {
      for (const v of Object.keys(vars)) delete process.env[v];
    }
  }
  const m = await run([...argsOf(merge, {}, shards), '--quiet']);
  expect(m.code, m.stderr).toBe(0);
  const out = argsOf(merge, {}, shards).at(-1) as string;
  expect(fs.readFileSync(out).equals(fs.readFileSync('whole.json')), `${name}: merged shards differ from the single-machine run`).toBe(true);
}

/** The shell command of a `command: ["sh", "-c", "…"]` line of the Kubernetes example, by container name. */
function k8sCommand(container: string): string {
  const yaml = read('kubernetes.yaml');
  const at = yaml.indexOf(`- name: ${container}`);
  const m = /command: \["sh", "-c", "([^"]+)"\]/.exec(yaml.slice(at));
  expect(m, container).not.toBeNull();
  return m![1]!;
}

describe('examples/batch', () => {
  it('github-actions.yml: the matrix shards and the merge job give the unsharded bytes', async () => {
    const runs = read('github-actions.yml')
      .split('\n')
      .flatMap((l) => /^\s+- run: (npx proofpack .*)$/.exec(l)?.[1] ?? []);
    const generate = runs.find((r) => r.includes(' generate '))!;
    const merge = runs.find((r) => r.includes(' merge '))!;
    expect(read('github-actions.yml')).toMatch(/shard: \[0, 1, 2, 3\]/);
    await fanOut('gha', generate, merge, (i) => ({ shard: String(i) }));
  });

  it('kubernetes.yaml: an Indexed Job of 4 (auto/4), FailIndex on exit 1 and 2, and the merge Job', async () => {
    const yaml = read('kubernetes.yaml');
    expect(yaml).toMatch(/completionMode: Indexed\n\s+completions: 4\n/);
    expect(yaml).toMatch(/action: FailIndex\n\s+onExitCodes:\n\s+containerName: generate\n\s+operator: In\n\s+values: \[1, 2\]/);
    const generate = k8sCommand('generate');
    expect(generate).toContain('--shard auto/4');
    await fanOut('k8s', generate, k8sCommand('merge'), (i) => ({ JOB_COMPLETION_INDEX: String(i) }));
  });

  it('aws-batch.json: an array job (auto: index and size from AWS Batch) that gives up on exit 1 and 2, retries the rest', async () => {
    const def = JSON.parse(read('aws-batch.json'));
    const [sh, c, generate] = def.containerProperties.command as string[];
    expect([sh, c]).toEqual(['sh', '-c']);
    expect(def.retryStrategy.evaluateOnExit).toEqual([
      { onExitCode: '1', action: 'EXIT' },
      { onExitCode: '2', action: 'EXIT' },
      { onExitCode: '*', action: 'RETRY' },
    ]);
    await fanOut('aws', generate!, k8sCommand('merge'), (i) => ({ AWS_BATCH_JOB_ARRAY_INDEX: String(i), AWS_BATCH_JOB_ARRAY_SIZE: '4' }));
  });
});
