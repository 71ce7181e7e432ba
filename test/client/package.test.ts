// The client package (packages/client, proofpack-client) as a game installs
// it: built, packed with npm, installed from the tarball into an empty project
// (only its own dependencies come with it), and a strict TypeScript game
// (test/client/game/main.ts) compiled against the published declarations with
// the project's tsc and run; its output is checked against the same questions
// asked through the client sources.
import { describe, expect, it, beforeAll, inject } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  loadPack,
  levelsOf,
  startGhostPlay,
  catchAt,
  provableCatches,
  onCourseForBest,
  ghostMedalsEarned,
  replaySlide,
  startSlidePlay,
  flick,
  slideBoardNow,
  replayApple,
  startGhostGame,
  ghostStep,
  nextHint,
  startAppleGame,
  appleStep,
  APPLE_TIME_LIMIT_MS,
  type CatchOutcome,
} from '../../tools/client/index.ts';
import { GAME_STRICT_TS, ROOT, tempDir } from '../support/helpers.ts';

const PKG = path.join(ROOT, 'packages', 'client');
const DIST = path.join(ROOT, 'dist');
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
const levelOf = (file: string) => levelsOf(loadPack(fs.readFileSync(path.join(DIST, file), 'utf8')));

describe('proofpack-client, installed from its tarball', () => {
  let project = '';
  let tarball = '';

  beforeAll(() => {
    // built and packed once by the suite's global setup (test/support/global-setup.ts)
    tarball = inject('tarballs').client;
    const work = tempDir();
    project = path.join(work, 'game');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-game', version: '1.0.0', private: true, type: 'module' }));
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
  });

  it('packs the bundle, its declarations and nothing else', () => {
    const files = [...inject('tarballs').clientFiles].sort();
    // index.js re-exports; the code is in parts/, split so a game's bundler keeps only the kinds it uses (game-client.test.ts)
    const code = files.filter((f) => !/^dist\/types\/.+\.d\.ts$/.test(f));
    expect(code.filter((f) => !/^dist\/parts\/chunk-[A-Z0-9]+\.js$/.test(f))).toEqual(['README.md', 'dist/index.js', 'package.json']);
    expect(files).toContain('dist/types/client/index.d.ts');
    for (const f of code.filter((c) => c.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(PKG, f), 'utf8');
      expect(text).not.toMatch(/from\s*["']node:/);
      const imported = [...text.matchAll(/(?:from|import)\s*["']([^"']+)["']/g)].map((m) => m[1]);
      expect(imported.filter((i) => !/^\.\.?\/(parts\/)?chunk-[A-Z0-9]+\.js$/.test(i ?? ''))).toEqual([]);
    }
  });

  it('installs with zod alone, as a range that admits the pipeline zod (the declarations use its types; the bundle imports nothing)', () => {
    const entries = fs.readdirSync(path.join(project, 'node_modules')).sort();
    expect(entries).toEqual(['.package-lock.json', 'proofpack-client', 'zod']);
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const client = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));
    expect(Object.keys(client.dependencies)).toEqual(['zod']);
    const range = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(client.dependencies.zod);
    const [major, minor] = root.dependencies.zod.split('.').map(Number);
    expect(range && Number(range[1]) === major && Number(range[2]) <= minor).toBe(true);
    expect(client.version).toBe(root.version);
  });

  it('declares only the client API: no pipeline internals are exported from the entry', () => {
    const index = fs.readFileSync(path.join(PKG, 'dist', 'types', 'client', 'index.d.ts'), 'utf8');
    for (const internal of ['buildCourse', 'sortPairs', 'CLIENT_KINDS', 'decodeCourse', 'canStillReach', 'bench']) expect(index).not.toContain(internal);
    const pkg = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']); // no deep import reaches the kinds' own declarations
  });

  it('compiles a strict TypeScript game against the declarations and runs it', () => {
    fs.copyFileSync(path.join(ROOT, 'test', 'client', 'game', 'main.ts'), path.join(project, 'main.ts'));
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...GAME_STRICT_TS,
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    const printed = execFileSync(process.execPath, [path.join(project, 'out', 'main.js'), DIST], { cwd: project, encoding: 'utf8' })
      .trim()
      .split('\n');

    // The same questions asked through the client sources.
    const ghost = levelOf('ghost-free.json');
    if (ghost.kind !== 'ghost') throw new Error('ghost-free is not a ghost pack');
    const g = ghost.levels[0]!;
    let play = startGhostPlay(g);
    let last: CatchOutcome | undefined;
    for (let next = provableCatches(g, play)[0]; next; next = provableCatches(g, play)[0]) ({ play, outcome: last } = catchAt(g, play, next[0], next[1]));
    const medals = ghostMedalsEarned(g, play);
    expect(play.catches.length).toBe(g.analysis.ghosts);
    const slide = levelOf('slide-free.json');
    if (slide.kind !== 'slide') throw new Error('slide-free is not a slide pack');
    const s = slide.levels[0]!;
    const sr = replaySlide(s);
    const sp = startSlidePlay(s.puzzle);
    let vanished = 0;
    for (const [c, r, d] of s.solution) {
      const f = flick(sp, c, r, d);
      if (f.ok) vanished += f.vanished;
    }
    const apple = levelOf('apple-gentle.json');
    if (apple.kind !== 'apple') throw new Error('apple-gentle is not an apple pack');
    const a = apple.levels[0]!;
    // the game loops, as the game plays them
    let gs = startGhostGame(g);
    for (let hint = nextHint(g, gs); hint; hint = nextHint(g, gs)) {
      for (const [row, col] of hint.empties) gs = ghostStep(g, gs, { type: 'mark', row, col }).state;
      for (const [row, col] of hint.ghosts) gs = ghostStep(g, gs, { type: 'catch', row, col }).state;
    }
    let at = startAppleGame(a, APPLE_TIME_LIMIT_MS);
    for (const rect of a.solution.slice(0, 3)) at = appleStep(a, at, { type: 'take', rect }).state;
    const extra = [
      `ghost-game won clean true lives 3 score ${gs.score}`,
      'tampered: ghost-free.json',
      `slide-game undos 1 reachable true stars 3`,
      `apple-game time up score ${at.score}`,
    ];
    expect(gs.status).toBe('won');
    expect(printed).toEqual([
      `ghost ${g.id} score ${play.score} last ${last?.hit ? last.points : 'none'} onCourseForBest ${onCourseForBest(g, play)} best ${medals.best} worst ${medals.worst}`,
      `slide ${s.id} cleared true vanished ${vanished} stars ${sr.score} top ${slideBoardNow(sp)[0]}`,
      `apple ${a.id} whole-board refused score ${replayApple(a).score} over true best true`,
      'bad pack: kind: expected one of "ghost", "slide", "apple", found "chess": a kind this client has no face for; give the kind\'s face to createClient({ faces: [...] }) (docs/client.md)',
      ...extra,
    ]);
    expect(sr.score).toBe(3);
  });
});
