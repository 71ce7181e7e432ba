// A small game written as a user of the proofpack-client package would write
// it: strict TypeScript (noUncheckedIndexedAccess), compiled against the
// package's published declarations (test/client/package.test.ts installs the
// packed tarball next to it). It loads one pack of each kind from the directory
// given as its argument, plays the first level of each, and prints one line per
// kind. Not compiled with the repository (tsconfig.json excludes this folder).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  loadPack,
  levelsOf,
  PackError,
  startGhostPlay,
  catchAt,
  provableCatches,
  onCourseForBest,
  ghostMedalsEarned,
  startSlidePlay,
  flick,
  isCleared,
  slideBoardNow,
  starsEarned,
  startApplePlay,
  takeRect,
  isAppleOver,
  appleMedalsEarned,
  loadManifest,
  loadVerifiedPack,
  startGhostGame,
  ghostStep,
  nextHint,
  isCleanClear,
  startSlideGame,
  slideStep,
  slideGameStars,
  threeStarsReachable,
  startAppleGame,
  appleStep,
  APPLE_TIME_LIMIT_MS,
  type CatchOutcome,
  type GhostPlay,
  type FlickResult,
  type TakeResult,
  type GhostGameState,
} from 'proofpack-client';

const dist = process.argv[2] ?? 'dist';
const out: string[] = [];

for (const file of ['ghost-free.json', 'slide-free.json', 'apple-gentle.json']) {
  const loaded = levelsOf(loadPack(readFileSync(join(dist, file), 'utf8')));
  if (loaded.kind === 'ghost') {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    let play: GhostPlay = startGhostPlay(level);
    let last: CatchOutcome | undefined;
    let onCourse: boolean | null = null;
    for (let next = provableCatches(level, play)[0]; next; next = provableCatches(level, play)[0]) {
      ({ play, outcome: last } = catchAt(level, play, next[0], next[1]));
      onCourse = onCourseForBest(level, play);
    }
    const medals = ghostMedalsEarned(level, play);
    out.push(
      `ghost ${level.id} score ${play.score} last ${last?.hit ? last.points : 'none'} onCourseForBest ${onCourse} best ${medals.best} worst ${medals.worst}`,
    );
  } else if (loaded.kind === 'slide') {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    const play = startSlidePlay(level.puzzle);
    let vanished = 0;
    for (const [col, row, dir] of level.solution) {
      const r: FlickResult = flick(play, col, row, dir);
      if (!r.ok) throw new Error(r.why);
      vanished += r.vanished;
    }
    const top: string = slideBoardNow(play)[0] ?? '';
    out.push(`slide ${level.id} cleared ${isCleared(play)} vanished ${vanished} stars ${starsEarned(play, level.analysis)} top ${top}`);
  } else {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    const play = startApplePlay(level.puzzle);
    const bad: TakeResult = takeRect(play, [0, 0, 9, 16]);
    for (const rect of level.solution) takeRect(play, rect);
    const medals = appleMedalsEarned(play, level.analysis);
    out.push(`apple ${level.id} whole-board ${bad.ok ? 'taken' : 'refused'} score ${play.score} over ${isAppleOver(play)} best ${medals.best}`);
  }
}
try {
  loadPack('{"kind":"chess"}');
} catch (e) {
  out.push(`bad pack: ${e instanceof PackError ? e.message : 'not a PackError'}`);
}

// The whole game loops, with the packs checked against the manifest's hashes.
const manifest = loadManifest(readFileSync(join(dist, 'manifest.json'), 'utf8'));
for (const entry of manifest.packs.filter((p) => ['ghost-free', 'slide-free', 'apple-gentle'].includes(p.name))) {
  const bytes = new Uint8Array(readFileSync(join(dist, entry.file)));
  const loaded = levelsOf(await loadVerifiedPack(entry, bytes));
  if (loaded.kind === 'ghost') {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    let state: GhostGameState = startGhostGame(level);
    state = ghostStep(level, state, { type: 'catch', row: -1, col: 0 }).state; // refused, not a mistake
    for (let hint = nextHint(level, state); hint; hint = nextHint(level, state)) {
      for (const [row, col] of hint.empties) state = ghostStep(level, state, { type: 'mark', row, col }).state;
      for (const [row, col] of hint.ghosts) state = ghostStep(level, state, { type: 'catch', row, col }).state;
    }
    const saved: GhostGameState = JSON.parse(JSON.stringify(state));
    out.push(`ghost-game ${saved.status} clean ${isCleanClear(saved)} lives ${saved.lives} score ${saved.score}`);
    bytes[100] = bytes[100] === 32 ? 33 : 32;
    try {
      await loadVerifiedPack(entry, bytes);
    } catch (e) {
      out.push(`tampered: ${e instanceof PackError ? e.message.split(':')[0] : 'not a PackError'}`);
    }
  } else if (loaded.kind === 'slide') {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    let state = startSlideGame(level);
    const [first] = level.solution;
    if (!first) throw new Error('no solution');
    state = slideStep(level, state, { type: 'flick', col: first[0], row: first[1], dir: first[2] }).state;
    state = slideStep(level, state, { type: 'undo' }).state;
    const reachable = threeStarsReachable(level, state);
    for (const [col, row, dir] of level.solution) state = slideStep(level, state, { type: 'flick', col, row, dir }).state;
    out.push(`slide-game undos ${state.undos} reachable ${reachable} stars ${slideGameStars(level, state)}`);
  } else {
    const level = loaded.levels[0];
    if (!level) throw new Error('empty pack');
    let state = startAppleGame(level, APPLE_TIME_LIMIT_MS);
    for (const rect of level.solution.slice(0, 3)) state = appleStep(level, state, { type: 'take', rect }).state;
    state = appleStep(level, state, { type: 'tick', ms: APPLE_TIME_LIMIT_MS }).state;
    out.push(`apple-game ${state.status} score ${state.score}`);
  }
}
console.log(out.join('\n'));
