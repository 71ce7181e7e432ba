// A pipeline run's folder (<work>/run/): its tree mirrors the folder holding
// every path the run touches (levels/, dist/, the packs file, the other sets it
// names, the attempt logs), so every relative path stays the same; copies of
// regular files and folders only, no link. What the steps print names the real
// paths, not the copies.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { at } from '../../lib/at.ts';
import type { Console } from '../../lib/console.ts';
import { copyRealTree, writeNewFile } from '../../lib/io.ts';
import { readBytes } from '../../lib/safe-read.ts';
import { stagePath, sweepLeftovers } from '../files/folder-transaction.ts';
import type { PipelineOptions } from './job.ts';

/** A run's folder, made by makeRunTree. */
export interface RunTree {
  /** The run folder, removed when the run ends. */
  run: string;
  /** levels/ and dist/, each with the place its old copy is parked during the swap. */
  swaps: { target: string; parked: string }[];
  /** A path's copy in the run tree. */
  staged: (p: string) => string;
  /** A text with the run tree's paths named as the real ones. */
  original: (text: string) => string;
  /** The console, with the run tree's paths named as the real ones. */
  said: Console;
}

/** The deepest folder holding every path. */
function commonRoot(paths: string[]): string {
  let root = path.resolve(at(paths, 0));
  for (const p of paths) {
    const abs = path.resolve(p);
    while (abs !== root && !abs.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`)) root = path.dirname(root);
  }
  return root;
}

/** Make the run folder afresh with its copies (leftovers of a killed run put back or swept first). */
export function makeRunTree(opts: PipelineOptions, files: { packs: string; externalSets: string[]; logs: string[] }, con: Console): RunTree {
  const run = path.join(opts.work, 'run');
  // each old folder is parked beside itself (--levels content/levels --dist web/levels share a base name, not a parent);
  // a killed run's parked folder is put back first where its target is missing (files/folder-transaction.ts)
  const swaps = [opts.levels, opts.dist].map((target) => ({ target, parked: stagePath(target, 'old', 'pipeline') }));
  for (const { target } of swaps) sweepLeftovers(target, con, 'pipeline', 'folder');
  fs.rmSync(run, { recursive: true, force: true });
  const root = commonRoot([opts.levels, opts.dist, files.packs, ...files.externalSets, ...files.logs]);
  const staged = (p: string) => path.join(run, 'tree', path.relative(root, path.resolve(p)));
  // a copy of regular files and folders only (a link is never copied as a link: the run tree has none to write through)
  const copyIn = (p: string) => {
    fs.mkdirSync(path.dirname(staged(p)), { recursive: true });
    if (fs.existsSync(p)) copyRealTree(p, staged(p));
    else fs.mkdirSync(staged(p), { recursive: true });
  };
  const copyFile = (p: string) => {
    if (fs.existsSync(staged(p))) return;
    fs.mkdirSync(path.dirname(staged(p)), { recursive: true });
    writeNewFile(staged(p), readBytes(p));
  };
  copyIn(opts.levels);
  copyIn(opts.dist);
  copyFile(files.packs);
  for (const set of files.externalSets) copyFile(set);
  // the logs too, at their place in the tree: a calibrated set names them relative to itself
  for (const log of files.logs) copyFile(log);
  // the run tree mirrors the folder holding every path the run touches: its copies stand for the paths below that folder
  const realRoot = root === path.resolve('.') ? '' : root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  const original = (text: string) => text.split(`${path.join(run, 'tree')}${path.sep}`).join(realRoot);
  const said: Console = {
    out: (l) => con.out(original(l)),
    warn: (l) => con.warn(original(l)),
    err: (l) => con.err(original(l)),
    problem: (l) => con.problem(original(l)),
    progress: (label, total, unit, work) => con.progress(label, total, unit, work),
  };
  return { run, swaps, staged, original, said };
}
