// `--shard auto` (issue 52): the index and count from a batch engine's own
// variables. For each engine, four tasks of a small job run with that engine's
// variables set per index (as the engine sets them), their outputs merged:
// the unsharded bytes (and, for the first, each shard the bytes of
// `--shard i/n`; parseShard gives the same shard for both). One engine
// per kind: Cloud Run the ghost job, AWS Batch slide, Google Cloud Batch
// apple, a Kubernetes Indexed Job (index only, count from auto/4) the game's
// own pear kind. Then the one-line refusals: no engine, two that disagree, a
// count that differs. In process (the variables set on this process's env).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseShard, SHARD_ENGINES } from '../../tools/commands/run/shards.ts';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearConfigDir, pearGame, QUICK_PEAR } from '../support/pear-game.ts';

const dir = tempDir();
const ENGINE_VARS = SHARD_ENGINES.flatMap((e) => [e.index, ...(e.count ? [e.count] : [])]);
afterEach(() => {
  for (const v of ENGINE_VARS) delete process.env[v];
});

/** `gen` once unsharded and once per task of 4 with the engine's variables (`plain`: and with --shard i/n, compared); merged. */
async function fanOut(
  kind: string,
  gen: string[],
  setVars: (i: number) => Record<string, string>,
  shardArg: string,
  opts: { plain?: boolean; merge?: string[] } = {},
) {
  const out = (name: string) => path.join(dir, `${kind}-${name}.json`);
  const whole = await run([...gen, '--out', out('whole')]);
  expect(whole.code, whole.stderr).toBe(0);
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    Object.assign(process.env, setVars(i));
    const r = await run([...gen, '--shard', shardArg, '--out', out(`auto-${i}`)]);
    for (const v of ENGINE_VARS) delete process.env[v];
    expect(r.code, r.stderr).toBe(0);
    if (opts.plain) {
      const plain = await run([...gen, '--shard', `${i}/4`, '--out', out(`plain-${i}`)]);
      expect(plain.code, plain.stderr).toBe(0);
      expect(fs.readFileSync(out(`auto-${i}`)).equals(fs.readFileSync(out(`plain-${i}`))), `task ${i}`).toBe(true);
    }
    parts.push(out(`auto-${i}`));
  }
  const merged = await run(['merge', ...[...parts].reverse(), '--out', out('merged'), ...(opts.merge ?? [])]);
  expect(merged.code, merged.stderr).toBe(0);
  expect(fs.readFileSync(out('merged')).equals(fs.readFileSync(out('whole')))).toBe(true);
}

describe('--shard auto on the batch engines', () => {
  it('Cloud Run jobs (CLOUD_RUN_TASK_INDEX/COUNT), ghost: four tasks merged are the unsharded bytes', async () => {
    const gen = ['generate', 'ghost', '--config', quickConfigFile('ghost', dir), '--count', '8', '--seed', '4', '--threads', '1', '--quiet'];
    await fanOut('ghost', gen, (i) => ({ CLOUD_RUN_TASK_INDEX: String(i), CLOUD_RUN_TASK_COUNT: '4' }), 'auto', { plain: true });
  });

  it('AWS Batch array jobs (AWS_BATCH_JOB_ARRAY_INDEX/SIZE), slide', async () => {
    const gen = ['generate', 'slide', '--config', quickConfigFile('slide', dir), '--count', '8', '--seed', '4', '--threads', '1', '--quiet'];
    await fanOut('slide', gen, (i) => ({ AWS_BATCH_JOB_ARRAY_INDEX: String(i), AWS_BATCH_JOB_ARRAY_SIZE: '4' }), 'auto');
  });

  it('Google Cloud Batch (BATCH_TASK_INDEX/COUNT), apple', async () => {
    const config = path.join(dir, 'apple.quick.json');
    fs.writeFileSync(config, JSON.stringify(QUICK_PEAR));
    const gen = ['generate', 'apple', '--config', config, '--count', '8', '--seed', '4', '--threads', '1', '--quiet'];
    await fanOut('apple', gen, (i) => ({ BATCH_TASK_INDEX: String(i), BATCH_TASK_COUNT: '4' }), 'auto');
  });

  it("a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, the count from auto/4), the game's own kind", async () => {
    const game = pearGame();
    const config = path.join(game, 'pear.quick.json');
    fs.writeFileSync(config, JSON.stringify(QUICK_PEAR));
    const kinds = ['--config-dir', pearConfigDir(game, 'plain', 'index.ts')];
    const gen = ['generate', 'pear', '--config', config, '--count', '8', '--seed', '4', '--threads', '1', '--quiet', ...kinds];
    await fanOut('pear', gen, (i) => ({ JOB_COMPLETION_INDEX: String(i) }), 'auto/4', { merge: kinds });
  });
});

describe('--shard auto refuses in one line', () => {
  const refusal = (text: string, env: Record<string, string>) => {
    try {
      parseShard(text, env);
      return 'accepted';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('no engine, an index without its count, two engines that disagree, a count that differs, an index past the count', () => {
    expect(refusal('auto', {})).toBe(
      "--shard auto: no batch engine's task index is set (CLOUD_RUN_TASK_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, BATCH_TASK_INDEX, JOB_COMPLETION_INDEX); give --shard i/n instead",
    );
    expect(refusal('auto', { JOB_COMPLETION_INDEX: '2' })).toBe(
      "--shard auto: JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) gives the index but not the count; give it as --shard auto/N (N: the job's completions)",
    );
    expect(refusal('auto', { BATCH_TASK_INDEX: '1', BATCH_TASK_COUNT: '4', JOB_COMPLETION_INDEX: '2' })).toBe(
      '--shard auto: BATCH_TASK_INDEX=1 and JOB_COMPLETION_INDEX=2 disagree (Google Cloud Batch, Kubernetes Indexed Jobs); unset one, or give --shard i/n',
    );
    expect(refusal('auto/8', { CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '4' })).toBe(
      '--shard auto/8: the engine says 4 tasks (CLOUD_RUN_TASK_COUNT), the command line 8; make them agree',
    );
    expect(refusal('auto/4', { JOB_COMPLETION_INDEX: '4' })).toBe(
      '--shard auto/4: JOB_COMPLETION_INDEX=4 (Kubernetes Indexed Jobs) is not below the count of tasks, 4',
    );
    expect(refusal('auto', { AWS_BATCH_JOB_ARRAY_INDEX: 'x' })).toBe(
      '--shard auto: AWS_BATCH_JOB_ARRAY_INDEX="x" (AWS Batch array jobs) is not a whole number',
    );
    // agreeing engines are one shard
    expect(parseShard('auto', { BATCH_TASK_INDEX: '3', BATCH_TASK_COUNT: '4', JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 3, count: 4 });
  });
});
