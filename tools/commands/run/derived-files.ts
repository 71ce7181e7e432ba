// The files bundle derives from its packs and sets (the preview page, the
// play-test page, the conformance vectors), by their path below the dist: one
// call for bundle to write them and for validate to recompute them from a
// bundle's packs and the sets its manifest names, so a planted or stale page
// is named, never shipped. The kinds' code in them (rule checks, preview data,
// vectors) runs on the worker pool, one step a kind (kind-steps.ts `pages`);
// the pages are then built by sets/bundle-pages.ts.
import type { ConformanceFile, KindVectors } from '../../lib/conformance.ts';
import { InputError } from '../../lib/errors.ts';
import { writeConformance } from '../sets/conformance.ts';
import { conformanceText, playPage, previewPage, type PagePack, type PageSet } from '../sets/bundle-pages.ts';
import { runKindSteps } from './run-step.ts';
import type { TaskCeilings } from './tasks.ts';

/** Where derivedFiles runs the kinds' steps: the command's ceilings, stop signal and threads, and what the error line names (e.g. "bundle packs.json"). */
export interface DerivedRun {
  ceilings?: TaskCeilings;
  signal: AbortSignal;
  threads?: number;
  label: string;
}

/**
 * Every derived file bundle owns, by its path below the dist folder
 * ('/'-separated), in write order. The kinds' preview data and vectors are
 * computed on the pool, one step a kind present.
 */
export async function derivedFiles(
  packs: readonly PagePack[],
  sets: readonly PageSet[] | undefined,
  run: DerivedRun,
): Promise<{ files: Map<string, string>; vectors: ConformanceFile[] }> {
  const present = [...new Map(packs.map((p) => [p.kind.name, p.kind])).values()];
  const computed = await runKindSteps(
    present.map((kind) => ({
      step: 'pages' as const,
      kind: kind.name,
      input: {
        packs: packs
          .filter((p) => p.kind.name === kind.name)
          .map((p) => ({ name: p.name, pack: p.pack, ...(p.setFile !== undefined ? { setFile: p.setFile } : {}) })),
        preview: kind.preview !== undefined,
        vectors: true,
      },
      label: `${run.label}: the ${kind.name} kind's ruleProblems, preview, difficulty and conformance vectors`,
    })),
    { signal: run.signal, ...(run.ceilings ? { ceilings: run.ceilings } : {}), ...(run.threads ? { threads: run.threads } : {}) },
  );
  // each pack's rule check and page data, back in pack order; the first pack with a rule problem is refused
  const mine = packs.map((p) => {
    const k = present.findIndex((kind) => kind.name === p.kind.name);
    const j = packs.filter((q) => q.kind.name === p.kind.name).indexOf(p);
    return { rule: computed[k]?.rules[j] ?? null, page: computed[k]?.page?.[j] };
  });
  const refused = mine.find((m) => m.rule !== null)?.rule;
  if (refused) throw new InputError(refused);
  const page = mine.map((m) => m.page);
  const vectorsOf = new Map<string, KindVectors>();
  present.forEach((kind, k) => {
    const v = computed[k]?.vectors;
    if (v) vectorsOf.set(kind.name, v);
  });
  const out = new Map<string, string>();
  out.set('preview/index.html', previewPage(packs, page));
  if (sets) out.set('preview/play.html', playPage(sets));
  const vectors = writeConformance(
    packs.map((p) => ({ name: p.name, pack: p.pack })),
    vectorsOf,
  );
  for (const v of vectors) out.set(`conformance/${v.kind}.json`, conformanceText(v));
  return { files: out, vectors };
}
