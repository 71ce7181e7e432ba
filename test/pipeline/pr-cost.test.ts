// The runner owns cost (issue 30, items 5 and 6): --count beyond what a run
// can hold is refused before any work; a run's work ceiling stops validate
// (a pull request's config raises no budget at all: cost-budgets.test.ts).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { memoryScratch } from '../../tools/lib/scratch.ts';
import { at } from '../../tools/lib/at.ts';

const home = process.cwd();

const cli = run;

describe('--count beyond what a run can hold', () => {
  it('generate slide --count 100000000: refused before any work (no out-of-memory abort)', async () => {
    const out = `${tempDir()}/c.json`;
    const r = await cli(['generate', 'slide', '--count', '100000000', '--out', out, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--count 100000000: more than the \d+ levels one run holds/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe("a run's work ceiling (--budget slideRunStates)", () => {
  /** validate FILE --budget BUDGET on one thread and on two: exit 2 both times, the same one line (returned). */
  const stopLine = async (file: string, budget: string) => {
    const lines: string[] = [];
    for (const threads of ['1', '2']) {
      const r = await cli(['validate', file, '--budget', budget, '--threads', threads]);
      expect(r.code, r.stderr).toBe(2);
      lines.push(r.stderr.trim());
    }
    expect(lines[1]).toBe(lines[0]);
    return at(lines, 0);
  };

  /**
   * The stop line is `head` and then the ceiling it suggests for FIELD; that
   * ceiling is more than the work so far and lets the whole file through (the
   * work so far, suggested before, stopped the rerun one level later).
   */
  const expectAsksEnough = async (file: string, line: string, head: string, field: string, sofar: number) => {
    expect(line.startsWith(`${head}; stopped, nothing checked past it is reported: run with --budget ${field}=`), line).toBe(true);
    const asked = Number(new RegExp(`${field}=(\\d+) \\(`).exec(line)?.[1]);
    expect(asked).toBeGreaterThan(sofar);
    const raised = await cli(['validate', file, '--budget', `${field}=${asked}`, '--threads', '1']);
    expect(raised.stderr).not.toContain('ceiling');
  };

  it('stops at the level where the states explored in level order pass it, the same level for any --threads; exit 2', async () => {
    const { analyzeSlideDetailed } = await import('../../tools/kinds/slide/analyze.ts');
    const set = JSON.parse(fs.readFileSync(`${home}/levels/slide/standard.json`, 'utf8'));
    set.levels = set.levels.slice(0, 8);
    const file = `${tempDir()}/slide.json`;
    fs.writeFileSync(file, JSON.stringify(set));
    // the ceiling just under what levels 0..5 explore together: level 5 is where it is passed
    let states = 0;
    for (const l of set.levels.slice(0, 6)) states += analyzeSlideDetailed(l.puzzle, set.generator.config).states;
    const line = await stopLine(file, `slideRunStates=${states - 1}`);
    await expectAsksEnough(
      file,
      line,
      `proofpack: ${file} › levels[5] (${set.levels[5].id}): the run's work passed its ceiling here (${states.toLocaleString('en-US')} slide solver and metric-graph states so far, over ${(states - 1).toLocaleString('en-US')})`,
      'slideRunStates',
      states,
    );
  }, 120_000);

  it("apple: stops at the level where the strong solver's iterations and strip scans pass --budget appleRunWork, the same level for any --threads; exit 2", async () => {
    const { analyzeAppleDetailed } = await import('../../tools/kinds/apple/analyze.ts');
    const set = JSON.parse(fs.readFileSync(`${home}/levels/apple/standard.json`, 'utf8'));
    set.levels = set.levels.slice(0, 3);
    const file = `${tempDir()}/apple.json`;
    fs.writeFileSync(file, JSON.stringify(set));
    // apple has no cost estimate, so levels start in file order: the ceiling just under what levels 0..1 spend stops at level 1
    // the set's report draws its reference sample too, counted before the levels
    const { referenceSampleWork } = await import('../../tools/kinds/apple/fidelity.ts');
    let work = referenceSampleWork(set.generator.config.fidelity).work;
    for (const l of set.levels.slice(0, 2)) work += analyzeAppleDetailed(l.puzzle, set.generator.config).work;
    expect(work, 'each level spends its 2,000,000 strip scans and some iterations').toBeGreaterThan(2 * 2_000_000);
    const line = await stopLine(file, `appleRunWork=${work - 1}`);
    await expectAsksEnough(
      file,
      line,
      `proofpack: ${file} › levels[1] (${set.levels[1].id}): the run's work passed its ceiling here (${work.toLocaleString('en-US')} apple strong-solver iterations and strip scans (and 256 for each simulated reference board of a set report) so far, over ${(work - 1).toLocaleString('en-US')})`,
      'appleRunWork',
      work,
    );
    // a ceiling equal to that work is not passed there: the stop moves to the next level (the default
    // ceiling lets the committed set through whole: levels-apple-validate)
    const equal = await cli(['validate', file, '--budget', `appleRunWork=${work}`, '--threads', '1']);
    expect(equal.stderr).toContain(`${file} › levels[2] (${set.levels[2].id}): the run's work passed its ceiling here`);
  }, 120_000);

  it("ghost: a board whose catching order barely matters (no clues, full rows) counts its course states, not only the DP's G·2^G steps", async () => {
    const { ghostAnalyzeCost } = await import('../../tools/kinds/ghost/analyze.ts');
    // 6×6, no clue cell, ghosts filling two rows (or two columns): the layers solve it from the counts, and
    // nearly every catching order is optimal (on 9×9 with 26 ghosts: 1.2·10^8 course states, ~35 CPU-s, 2.2 GiB)
    const puzzle = (byRow: boolean) => {
      const full = [6, 6, 0, 0, 0, 0];
      const part = [2, 2, 2, 2, 2, 2];
      return { size: 6, grid: Array(6).fill('......'), rows: byRow ? full : part, cols: byRow ? part : full };
    };
    const set = JSON.parse(fs.readFileSync(`${home}/levels/ghost/standard.json`, 'utf8'));
    set.levels = [true, false].map((byRow) => ({ ...set.levels[0], puzzle: puzzle(byRow) }));
    const file = `${tempDir()}/open-ghost.json`;
    fs.writeFileSync(file, JSON.stringify(set));
    // the DP's steps alone are within this ceiling (counted so before, the run was not stopped)
    const dpSteps = set.levels.reduce((sum: number, l: { puzzle: never }) => sum + ghostAnalyzeCost(l.puzzle, set.generator.config), 0);
    const r = await cli(['validate', file, '--budget', `ghostRunSteps=${dpSteps}`, '--threads', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${file} › levels[0] (${set.levels[0].id}): the run's work passed its ceiling here`);
    expect(r.stderr).toContain('ghost exact-score DP steps (G·2^G a level, and 512 for each course state)');
  });

  it("apple: a set report's reference sample counts too, so files of no levels, each with its own referenceSeed, stop the run before any work", async () => {
    const dir = tempDir();
    const set = JSON.parse(fs.readFileSync(`${home}/levels/apple/standard.json`, 'utf8'));
    set.levels = [];
    const files = [1, 2, 3].map((seed) => {
      set.generator.config.fidelity.referenceSeed = seed;
      const file = `${dir}/empty-${seed}.json`;
      fs.writeFileSync(file, JSON.stringify(set));
      return file;
    });
    // 20,000 reference boards a sample, 256 each: the second distinct sample passes 10^7
    const r = await cli(['validate', ...files, '--budget', 'appleRunWork=10000000', '--threads', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${files[1]} › set report: the run's work passed its ceiling here (10,240,000 apple`);
    // a sample of the same seed and size is drawn once and counted once
    const copy = `${dir}/copy-1.json`;
    fs.copyFileSync(at(files, 0), copy);
    const same = await cli(['validate', at(files, 0), copy, '--budget', 'appleRunWork=6000000', '--threads', '1']);
    expect(same.stderr).not.toContain('ceiling');
  });

  it('sums in the order levels start (longest first by the kind estimate), not file order: a ghost file listed easiest first stops where the start order passes the ceiling', async () => {
    const { ghostAnalyzeCost, ghostAnalyzeWork } = await import('../../tools/kinds/ghost/analyze.ts');
    const set = JSON.parse(fs.readFileSync(`${home}/levels/ghost/standard.json`, 'utf8'));
    const ghostsOf = (l: { puzzle: { rows: number[] } }) => l.puzzle.rows.reduce((a, b) => a + b, 0);
    // one level for each of eight ghost counts up to 20 (cheap to analyse), easiest first as curate lists them
    const byG = new Map<number, unknown>();
    for (const l of set.levels) if (ghostsOf(l) <= 20 && !byG.has(ghostsOf(l))) byG.set(ghostsOf(l), l);
    set.levels = [...byG.entries()]
      .sort((a, b) => a[0] - b[0])
      .slice(-8)
      .map(([, l]) => l);
    expect(set.levels.length).toBe(8);
    const file = `${tempDir()}/ghost.json`;
    fs.writeFileSync(file, JSON.stringify(set));
    // levels start longest first by the estimate (G·2^G); each adds the work it did (the DP and its course states)
    const cost = set.levels.map((l: { puzzle: never }) => ghostAnalyzeCost(l.puzzle, set.generator.config));
    const ctx = { config: set.generator.config, calibration: set.calibration, scratch: memoryScratch() };
    const work = set.levels.map((l: { puzzle: never }) => ghostAnalyzeWork(l.puzzle, ctx).work);
    const order = cost.map((_: number, i: number) => i).sort((a: number, b: number) => cost[b] - cost[a] || a - b);
    // the ceiling just under what the first three levels to start do together
    const steps = order.slice(0, 3).reduce((sum: number, i: number) => sum + work[i], 0);
    const stopAt = order[2];
    let fileOrderStop = 0;
    for (let i = 0, sum = 0; i < work.length; i++)
      if ((sum += work[i]) > steps - 1) {
        fileOrderStop = i;
        break;
      }
    expect(fileOrderStop, 'precondition: summed in file order, the ceiling would be passed at another level').not.toBe(stopAt);
    const line = await stopLine(file, `ghostRunSteps=${steps - 1}`);
    expect(line).toContain(`${file} › levels[${stopAt}] (${set.levels[stopAt].id}): the run's work passed its ceiling here (${steps.toLocaleString('en-US')} `);
    // and asks for enough for the whole file
    const head = line.slice(0, line.indexOf('; stopped'));
    await expectAsksEnough(file, line, head, 'ghostRunSteps', steps);
  }, 120_000);
});
