// Issue 24, "trust no input": each attack on validate and bundle, on real files
// in a temporary folder (links, FIFOs, tampered manifests, configs that raise
// their own budgets, sets past the size cap). Every case must end in a clear
// one-line error or problem and a non-zero exit, never an "ok" for something
// not checked, a write outside --out, a hang or an abort. Commands run through
// main() in this process (run-cli.ts); signals get a real process. A full disk
// is a mocked node:fs whose writes into bundle's stage fail while `full.on`.
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { BIN, ROOT, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { bundleCommand } from '../../tools/commands/bundle.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { InputError } from '../../tools/lib/errors.ts';
import { parseJson } from '../../tools/lib/io.ts';

/** While `on`, opening a file for writing whose path matches `where` fails with ENOSPC (counted in `hits`). */
const full = vi.hoisted(() => ({ on: false, where: /$^/, hits: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const openSync = (file: import('node:fs').PathLike, ...rest: unknown[]) => {
    const writing = typeof rest[0] === 'string' && /[wa]/.test(rest[0]);
    if (full.on && writing && full.where.test(String(file))) {
      full.hits++;
      throw Object.assign(new Error(`ENOSPC: no space left on device, open '${String(file)}'`), { code: 'ENOSPC' });
    }
    return (real.openSync as (...a: unknown[]) => number)(file, ...rest);
  };
  return { ...real, openSync, default: { ...real, openSync } };
});

const dir = tempDir();
const levels = path.join(dir, 'levels');
const set = path.join(levels, 'ghost', 'standard.json');
const packs = path.join(levels, 'packs.json');
const dist = path.join(dir, 'dist');

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const mkfifo = (p: string) => execFileSync('mkfifo', [p]);
/** Every file under a folder with its bytes (links as their target text). */
function snapshot(d: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (x: string, rel: string) => {
    for (const e of fs.readdirSync(x, { withFileTypes: true })) {
      const p = path.join(x, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) out[r] = `-> ${fs.readlinkSync(p)}`;
      else if (e.isDirectory()) walk(p, r);
      else if (e.isFile()) out[r] = sha(fs.readFileSync(p));
      else out[r] = 'special';
    }
  };
  walk(d, '');
  return out;
}
function fresh(name: string): string {
  const d = path.join(dir, name);
  fs.rmSync(d, { recursive: true, force: true });
  fs.mkdirSync(d, { recursive: true });
  return d;
}

beforeAll(async () => {
  fs.mkdirSync(path.dirname(set), { recursive: true });
  // the run's small curated ghost set (30 boards, seed 4; test/support/global-setup.ts)
  const shared = inject('smallGhostSet');
  fs.copyFileSync(shared.candidates, path.join(dir, 'cand.json'));
  fs.copyFileSync(shared.curated, set);
  const tiers = [...new Set((JSON.parse(fs.readFileSync(set, 'utf8')).levels as { tier: string }[]).map((l) => l.tier))];
  fs.writeFileSync(
    packs,
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [{ name: 'ghost-all', set: 'ghost/standard.json', tiers: Object.fromEntries(tiers.map((t) => [t, 'all'])), order: 'difficulty' }],
    }),
  );
  const b = await run(['bundle', '--packs', packs, '--out', dist]);
  expect(b.code, b.stderr).toBe(0);
});

describe('1. validate never says ok for what it did not check', () => {
  it('a manifest naming a tampered copy in a hidden folder (bytes and sha256 updated) is a problem, not "0 problems"', async () => {
    const d = fresh('dist-hidden');
    fs.cpSync(dist, d, { recursive: true });
    const pack = JSON.parse(fs.readFileSync(path.join(d, 'ghost-all.json'), 'utf8'));
    pack.levels[0].analysis.maxScore = 999999;
    const text = `${JSON.stringify(pack)}\n`;
    fs.mkdirSync(path.join(d, '.x'));
    fs.writeFileSync(path.join(d, '.x', 'g.json'), text);
    const m = JSON.parse(fs.readFileSync(path.join(d, 'manifest.json'), 'utf8'));
    Object.assign(m.packs[0], { file: '.x/g.json', bytes: Buffer.byteLength(text), sha256: sha(text) });
    fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(m));
    const r = await run(['validate', d, '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `manifest.json › ghost-all › packs[0].file: stored ".x/g.json", recomputed "a plain pack file name beside the manifest (<name>.json)"`,
    );
    expect(r.stderr).toContain(`note: ${path.join(d, '.x')}: skipped`);
  });

  it('a manifest file outside dist, at a device, or at a link out of the folder is a problem and its bytes are never read', async () => {
    for (const file of ['../../etc/hostname', '/dev/zero', '../cand.json']) {
      const d = fresh('dist-outside');
      fs.cpSync(dist, d, { recursive: true });
      const m = JSON.parse(fs.readFileSync(path.join(d, 'manifest.json'), 'utf8'));
      m.packs[0].file = file;
      fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(m));
      const r = await run(['validate', path.join(d, 'manifest.json'), '--threads', '1']);
      expect(r.code, file).toBe(1);
      expect(r.stdout).toContain(`packs[0].file: stored ${JSON.stringify(file)}, recomputed "a plain pack file name`);
      expect(r.stdout).not.toMatch(/packs\[0\]\.(bytes|sha256)/);
    }
    const d = fresh('dist-link');
    fs.cpSync(dist, d, { recursive: true });
    fs.rmSync(path.join(d, 'ghost-all.json'));
    fs.symlinkSync(path.join(dist, 'ghost-all.json'), path.join(d, 'ghost-all.json'));
    const r = await run(['validate', path.join(d, 'manifest.json'), '--threads', '1']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/ghost-all\.json: (a symbolic link to|resolves to) .*outside the folder being checked/);
  });

  it('validating the manifest alone checks its packs too', async () => {
    const d = fresh('dist-alone');
    fs.cpSync(dist, d, { recursive: true });
    const file = path.join(d, 'ghost-all.json');
    const pack = JSON.parse(fs.readFileSync(file, 'utf8'));
    pack.levels[0].analysis.maxScore += 1;
    const text = `${JSON.stringify(pack)}\n`;
    fs.writeFileSync(file, text);
    const m = JSON.parse(fs.readFileSync(path.join(d, 'manifest.json'), 'utf8'));
    Object.assign(m.packs[0], { bytes: Buffer.byteLength(text), sha256: sha(text) });
    fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(m));
    const r = await run(['validate', path.join(d, 'manifest.json'), '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ghost-all\.json › ghost-[0-9a-f]{12} › analysis\.maxScore/);
  });

  it('a set linked in from outside the folder is reported by validate and refused by bundle, not skipped by one and read by the other', async () => {
    const l = fresh('levels-link');
    fs.mkdirSync(path.join(l, 'ghost'));
    fs.symlinkSync(set, path.join(l, 'ghost', 'standard.json'));
    fs.copyFileSync(packs, path.join(l, 'packs.json'));
    const v = await run(['validate', l, '--threads', '1']);
    expect(v.code).toBe(2);
    expect(v.stderr).toContain(`${path.join(l, 'ghost', 'standard.json')}: a symbolic link to ${fs.realpathSync(set)}, outside the folder being checked`);
    const b = await run(['bundle', '--packs', path.join(l, 'packs.json'), '--out', path.join(dir, 'dist-from-link')]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/set: .*reached through a symbolic link/);
    expect(fs.existsSync(path.join(dir, 'dist-from-link'))).toBe(false);
  });

  it('a link inside the folder is followed; JSON files that are not proofpack documents are skipped with a note, never silently', async () => {
    const l = fresh('levels-inner');
    fs.mkdirSync(path.join(l, 'real'));
    fs.copyFileSync(set, path.join(l, 'real', 'standard.json'));
    fs.symlinkSync(path.join(l, 'real'), path.join(l, 'ghost'));
    fs.writeFileSync(path.join(l, 'package.json'), JSON.stringify({ name: 'a-game', type: 'module' }));
    fs.writeFileSync(path.join(l, 'tsconfig.json'), '{}');
    const r = await run(['validate', l, '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ok: 1 file,/);
    expect(r.stderr).toContain(`note: ${path.join(l, 'package.json')}: skipped, not a proofpack document`);
    expect(r.stderr).toContain(`note: ${path.join(l, 'tsconfig.json')}: skipped, not a proofpack document`);
    // named on the command line, it is checked (and is not a document)
    expect((await run(['validate', path.join(l, 'package.json')])).code).toBe(2);
  });
});

describe('2. bundle writes only inside --out', () => {
  it('out/conformance and out/preview as links: their targets are neither written nor emptied', async () => {
    const victim = fresh('victim');
    fs.writeFileSync(path.join(victim, 'ghost.json'), 'keep me');
    fs.writeFileSync(path.join(victim, 'index.html'), 'keep me too');
    const out = fresh('dist-links');
    fs.symlinkSync(victim, path.join(out, 'conformance'));
    fs.symlinkSync(victim, path.join(out, 'preview'));
    const before = snapshot(victim);
    const r = await run(['bundle', '--packs', packs, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(snapshot(victim)).toEqual(before);
    expect(fs.lstatSync(path.join(out, 'conformance')).isDirectory()).toBe(true);
    expect(fs.lstatSync(path.join(out, 'preview')).isDirectory()).toBe(true);
  });

  it("a pack named like bundle's own files is refused", async () => {
    const p = path.join(levels, 'packs-manifest.json');
    const config = JSON.parse(fs.readFileSync(packs, 'utf8'));
    config.packs[0].name = 'manifest';
    fs.writeFileSync(p, JSON.stringify(config));
    const r = await run(['bundle', '--packs', p, '--out', path.join(dir, 'dist-manifest')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('› name: "manifest" is reserved for bundle\'s own manifest.json');
  });

  it('--out onto a FIFO, a file or a link is refused and left as it was', async () => {
    const d = fresh('outs');
    const fifo = path.join(d, 'fifo');
    mkfifo(fifo);
    fs.writeFileSync(path.join(d, 'file'), 'x');
    fs.symlinkSync(dist, path.join(d, 'link'));
    for (const name of ['fifo', 'file', 'link']) {
      const r = await run(['bundle', '--packs', packs, '--out', path.join(d, name)]);
      expect(r.code, name).toBe(2);
      expect(r.stderr).toMatch(/--out .*: (exists and is not a folder|is a symbolic link)/);
    }
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
    expect(fs.readFileSync(path.join(d, 'file'), 'utf8')).toBe('x');
    // other commands' --out: never replaces a FIFO
    const c = await run(['curate', set, '--out', fifo]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(`${fifo}: is a FIFO (named pipe); proofpack writes only regular files`);
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
  });
});

describe('3. the file being checked does not set the budgets', () => {
  const withConfig = (name: string, kindSet: string, edit: (config: Record<string, any>) => void) => {
    const doc = JSON.parse(fs.readFileSync(kindSet, 'utf8'));
    edit(doc.generator.config);
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(doc));
    return file;
  };

  it('a stored scoreGhostLimit over the ceiling is one error naming the file, field and flag, exit 2, before any work', async () => {
    const file = withConfig('raised.json', set, (c) => {
      c['scoreGhostLimit'] = 33;
    });
    const r = await run(['validate', file, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › generator.config.scoreGhostLimit: 33 is over the built-in ceiling 32 (the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)); validate does not let a file raise its own budget: run with --budget scoreGhostLimit=33 if you trust it\n`,
    );
    expect(r.stdout).toBe('');
    // the person running validate may allow it
    const ok = await run(['validate', file, '--threads', '1', '--budget', 'scoreGhostLimit=33']);
    expect(ok.stderr).not.toContain('over');
    expect(ok.code).not.toBe(2);
  });

  it('slide nodeLimit 1e8 and apple work 0 or iterations 1e8 are refused the same way', async () => {
    const slide = withConfig('slide-raised.json', path.join(ROOT, 'levels', 'slide', 'standard.json'), (c) => {
      c['nodeLimit'] = 100_000_000;
    });
    const r = await run(['validate', slide, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('› generator.config.nodeLimit: 100000000 is over the built-in ceiling 2000000');
    expect(r.stderr).toContain('--budget nodeLimit=100000000');
    for (const [field, value, shown] of [
      ['work', 0, '0 (no limit)'],
      ['iterations', 100_000_000, '100000000'],
    ] as const) {
      const apple = withConfig(`apple-${field}.json`, path.join(ROOT, 'levels', 'apple', 'standard.json'), (c) => {
        c['search'][field] = value;
      });
      const a = await run(['validate', apple, '--threads', '1']);
      expect(a.code, field).toBe(2);
      expect(a.stderr).toContain(`› generator.config.search.${field}: ${shown} is over the built-in ceiling`);
    }
  });

  it('--budget names only budget fields', async () => {
    const r = await run(['validate', set, '--budget', 'plan=3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "--budget plan: not a budget field (fields: scoreGhostLimit, triesPerBoard, plan.tries, plan.deepen, plan.starts, ghostRunSteps, nodeLimit, metricBudget, maxStates, slideRunStates, search.iterations, search.work, fidelity.referenceBoards, appleRunWork; a kind's own: KIND.FIELD, e.g. ghost.triesPerBoard)",
    );
  });
});

describe('4. nothing validate reads can stall it or exhaust its memory', () => {
  it('a FIFO or /dev/zero, by path, by ../, by link, is refused at once', async () => {
    const d = fresh('special');
    const fifo = path.join(d, 'levels.json');
    mkfifo(fifo);
    const up = path.relative(ROOT, '/dev/zero');
    fs.symlinkSync('/dev/zero', path.join(d, 'zero-link.json'));
    for (const [target, what] of [
      [fifo, 'a FIFO (named pipe)'],
      ['/dev/zero', 'a character device'],
      [up, 'a character device'],
      [path.join(d, 'zero-link.json'), 'a character device'],
    ] as const) {
      const r = await run(['validate', target]);
      expect(r.code, target).toBe(2);
      expect(r.stderr).toContain(`${target}: is ${what}, expected a regular file`);
    }
    // found by walking the folder: the FIFO is refused, the link out of the folder too
    const w = await run(['validate', d]);
    expect(w.code).toBe(2);
    expect(w.stderr).toContain(`${fifo}: is a FIFO (named pipe), expected a regular file`);
    expect(w.stderr).toContain(`${path.join(d, 'zero-link.json')}: a symbolic link to /dev/zero, outside the folder being checked`);
  });

  it('a set past the size cap is refused before it is parsed, never a heap abort', async () => {
    const big = path.join(dir, 'big.json');
    const fd = fs.openSync(big, 'w');
    fs.writeSync(fd, '{"type":"set","levels":[');
    fs.ftruncateSync(fd, 210 * 1024 * 1024); // sparse: 210 MB on the file's size, nothing on disk
    fs.closeSync(fd);
    const r = await run(['validate', big]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${big}: larger than the 32 MiB input limit; refused before parsing (split the set into smaller files)\n`);
    fs.rmSync(big);
  });
});

describe('5. schema-valid but inconsistent levels are problems, not crashes', () => {
  it('a ghost solution with fewer rows than puzzle.size: validate reports it (exit 1), bundle refuses it (exit 2), neither crashes', async () => {
    const doc = JSON.parse(fs.readFileSync(set, 'utf8'));
    // a board above the smallest size, so one row fewer still passes the schema
    const level = doc.levels.find((x: { puzzle: { size: number } }) => x.puzzle.size > 5);
    level.solution = level.solution.slice(0, -1);
    const l = fresh('levels-short');
    fs.mkdirSync(path.join(l, 'ghost'));
    fs.writeFileSync(path.join(l, 'ghost', 'standard.json'), JSON.stringify(doc));
    const r = await run(['validate', l, '--threads', '1']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/› solution: stored "\d rows", recomputed "\d rows"/);
    // bundle makes the same rule checks (no solving) before it packs a level: exit 2, not a crash (exit 3)
    fs.writeFileSync(path.join(l, 'packs.json'), fs.readFileSync(packs));
    const before = snapshot(dist);
    const b = await run(['bundle', '--packs', path.join(l, 'packs.json'), '--out', dist]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/› solution: stored "\d rows", the rules say "\d rows"; the set does not validate/);
    expect(snapshot(dist)).toEqual(before);
  });
});

describe('6. bundle is a transaction', () => {
  it('an error part-way (a full disk at the last file, the conformance vectors) leaves the old dist exactly as it was, and no leftovers', async () => {
    const out = fresh('dist-tx');
    fs.cpSync(dist, out, { recursive: true });
    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine');
    const before = snapshot(out);
    // bundle writes the vectors itself (nothing handed in): the disk fills up at conformance/ghost.json in the stage
    Object.assign(full, { on: true, where: /\.dist-tx\.bundle-new-\d+\/conformance\/ghost\.json$/, hits: 0 });
    const e = await bundleCommand({ packs, out }, memoryConsole())
      .catch((x: unknown) => x)
      .finally(() => {
        full.on = false;
      });
    expect(full.hits).toBe(1);
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toBe(`${out}: cannot write the new dist (ENOSPC); ${out} is exactly as it was`);
    expect(snapshot(out)).toEqual(before);
    expect(fs.readdirSync(dir).filter((n) => n.includes('.bundle-'))).toEqual([]);
    // a good run keeps what bundle does not own
    expect(await bundleCommand({ packs, out }, memoryConsole())).toBe(0);
    expect(fs.readFileSync(path.join(out, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('leftovers of killed runs are swept; an old dist parked mid-swap is put back', async () => {
    const out = fresh('dist-sweep');
    fs.cpSync(dist, out, { recursive: true });
    const dead = 2 ** 22 + 12345; // above pid_max's default: no such process
    fs.mkdirSync(path.join(dir, `.dist-sweep.bundle-new-${dead}`));
    fs.writeFileSync(path.join(dir, `.dist-sweep.bundle-new-${dead}`, 'half.json'), '{');
    const r = await run(['bundle', '--packs', packs, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`removed ${path.join(dir, `.dist-sweep.bundle-new-${dead}`)}, left by a killed bundle run`);
    fs.renameSync(out, path.join(dir, `.dist-sweep.bundle-old-${dead}`));
    const back = await run(['bundle', '--packs', packs, '--out', out]);
    expect(back.code).toBe(0);
    expect(back.stderr).toContain('put back the previous dist');
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('.dist-sweep.'))).toEqual([]);
  });

  it('SIGINT and SIGTERM while bundling: exit 130 / 143 and the old dist as it was', async () => {
    const many = path.join(levels, 'many.json');
    const config = JSON.parse(fs.readFileSync(packs, 'utf8'));
    // three packs; PROOFPACK_TEST_WORK_PAUSE_MS keeps bundle between its writes long enough for the signal
    config.packs = Array.from({ length: 3 }, (_, i) => ({ ...config.packs[0], name: `p${i}` }));
    fs.writeFileSync(many, JSON.stringify(config));
    for (const [sig, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const out = fresh(`dist-${sig}`);
      fs.cpSync(dist, out, { recursive: true });
      const before = snapshot(out);
      const child = spawn(process.execPath, [BIN, 'bundle', '--packs', many, '--out', out], {
        env: { ...process.env, CI: '1', PROOFPACK_TEST_WORK_PAUSE_MS: '100' },
      });
      let stderr = '';
      child.stderr.on('data', (b) => {
        stderr += String(b);
      });
      const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      // the stage is named by the pid of the process that bundles: the launcher's child (bin/proofpack.js supervises it)
      const prefix = `.dist-${sig}.bundle-new-`;
      const staged = () => fs.readdirSync(dir).find((f) => f.startsWith(prefix) && fs.readdirSync(path.join(dir, f)).length > 0);
      for (let t = 0; t < 600 && !staged(); t++) await new Promise((r) => setTimeout(r, 20));
      const stage = path.join(dir, staged() ?? `${prefix}(never made)`);
      child.kill(sig);
      const exit = await exited;
      expect(exit, stderr).toBe(code);
      expect(stderr).toContain(`interrupted: bundle stopped before replacing ${out}; it is exactly as it was`);
      expect(snapshot(out)).toEqual(before);
      expect(fs.existsSync(stage)).toBe(false);
    }
  });
});

describe('JSON errors', () => {
  it('say the line and column, not a character offset', async () => {
    const at = (text: string) => {
      try {
        parseJson('f.json', text);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(at('{\n  "a": 1,\n}')).toBe('f.json: not valid JSON at line 3, column 1 (Expected double-quoted property name)');
    expect(at('{\n "a": tru}')).toBe("f.json: not valid JSON at line 2, column 10 (Unexpected token '}')");
    expect(at('{"a": [1,\n')).toBe('f.json: not valid JSON at line 2, column 1 (Unexpected end of JSON input)');
  });
});
