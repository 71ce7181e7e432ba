// The CI example init --kind writes (issue 50, report 6): a read-only token,
// no credential left in .git/config, a job timeout, the runner's ceilings on
// every proofpack step that takes them, actions pinned by commit with the tag
// as a comment, and no npx of a program the game does not install.
import { describe, expect, it } from 'vitest';
import { workflowExample } from '../../tools/commands/init.ts';
import { workflowWithKinds } from '../../tools/commands/init-kind.ts';

const yml = workflowWithKinds(workflowExample('proofpack'), 'proofpack');
const lines = yml.split('\n');
/** The `run:` commands of the steps, with $CEILINGS read from the job's env. */
const runs = lines.flatMap((l) => /^\s+- run: (.*)$/.exec(l)?.[1] ?? []);
const ceilings = /^\s+CEILINGS: (.*)$/m.exec(yml)?.[1] ?? '';

describe('the CI example of a game with its own kinds', () => {
  it('gives the token read access only, at the top level', () => {
    const at = lines.indexOf('permissions:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('  contents: read');
    expect(lines[at + 2]).not.toMatch(/^ {2}\S/);
  });

  it('checks out with persist-credentials: false and bounds the job with timeout-minutes', () => {
    const checkout = lines.findIndex((l) => /- uses: actions\/checkout@/.test(l));
    expect(lines.slice(checkout + 1, checkout + 3)).toEqual(['        with:', '          persist-credentials: false']);
    expect(yml).toMatch(/^ {4}timeout-minutes: \d+$/m);
  });

  it('pins every action by a full commit SHA, its tag as a comment', () => {
    const uses = lines.filter((l) => /- uses: /.test(l));
    expect(uses.length).toBe(2);
    for (const u of uses) expect(u).toMatch(/- uses: actions\/(checkout|setup-node)@[0-9a-f]{40} # v4\.\d+\.\d+$/);
  });

  it('every proofpack step but check-kind runs under --task-seconds and --max-memory-mib; check-kind under --member-timeout', () => {
    expect(ceilings).toMatch(/--task-seconds \d+/);
    expect(ceilings).toMatch(/--max-memory-mib \d+/);
    const steps = runs.filter((r) => r.includes('proofpack '));
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const r of steps) expect(r, r).toMatch(r.includes('check-kind') ? /--member-timeout \d+/ : /\$CEILINGS/);
  });

  it('runs no npx of a program the game does not install: tsc with --no-install', () => {
    for (const r of runs.filter((r) => r.startsWith('npx '))) expect(r, r).toMatch(/^npx (--no-install tsc|proofpack) /);
  });
});
