// The folders a pipeline run writes (--levels, --dist, --work), checked before
// any work: no link on the way to or below them, each a folder if it exists
// (and below a folder if not),
// none inside another, and the run folder on their file system (the new
// folders are moved into place by renaming).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileOnTheWay, linkOnPath, linkRefusal, nonRegularBelow } from '../../lib/io.ts';
import { overlapProblems } from '../files/folder-transaction.ts';
import type { PipelineOptions } from './job.ts';

/** The run's output folders, as its options name them. */
export function outputFolders(opts: PipelineOptions): { option: string; folder: string }[] {
  return [
    { option: '--levels', folder: opts.levels },
    { option: '--dist', folder: opts.dist },
    { option: '--work', folder: opts.work },
  ];
}

/** Every problem of the output folders, one line each. */
export function folderProblems(opts: PipelineOptions): string[] {
  const problems: string[] = [];
  for (const { option, folder } of outputFolders(opts)) {
    // no link is followed where the run writes or deletes: on the way to each folder, nor anywhere below it
    const link = linkOnPath(folder);
    if (link) {
      problems.push(linkRefusal(`${option} ${folder}`, link));
      continue;
    }
    if (fs.existsSync(folder) && !fs.statSync(folder).isDirectory()) {
      problems.push(`${option} ${folder}: not a folder`);
      continue;
    }
    const blocker = fileOnTheWay(path.dirname(folder));
    if (blocker !== undefined) {
      problems.push(`${option} ${folder}: ${blocker} is not a folder, so the run cannot make ${folder}; give a path under a folder`);
      continue;
    }
    const below = nonRegularBelow(folder, `${option} ${folder}`);
    if (below) problems.push(below);
  }
  // outputs that share a folder or nest would lose data in the swap: refused before any work
  problems.push(...overlapProblems(outputFolders(opts)));
  // the new folders are moved into place by renaming: the run folder must be on their file system
  for (const [option, folder] of [
    ['--levels', opts.levels],
    ['--dist', opts.dist],
  ] as const) {
    if (device(folder) !== device(opts.work))
      problems.push(
        `--work ${opts.work}: on another file system than ${option} ${folder}; keep the work folder beside it (the run moves its new folders into place by renaming)`,
      );
  }
  return problems;
}

/** The device of a path, or of its nearest existing parent. */
function device(p: string): number {
  let at = path.resolve(p);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return fs.statSync(at).dev;
}
