// The files bundle derives from its packs and sets, beside the packs and the
// manifest: the designer's preview page (preview/index.html), the play-test
// page (preview/play.html) and the conformance vectors
// (conformance/<kind>.json, sets/conformance.ts). One builder for each, called by bundle to write
// them and by validate to recompute them from a bundle's packs and the sets its
// manifest names (found among the files validated, by their SHA-256), so a
// planted or stale page is named, never shipped. Pages are built from the
// documents as read back (parseDocument), so bundle and validate hand the
// builders the same values. The kinds' code in them (preview data, vectors)
// runs on the worker pool, one step a kind (kind-steps.ts `pages`).
import type { ConformanceFile, KindVectors } from '../../lib/conformance.ts';
import { writeConformance } from './conformance.ts';
import { TOOL, type PackFile, type SetFile } from '../../lib/files.ts';
import { formatDocument } from '../../lib/json.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { previewHtml, type PageLevel, type PreviewPack } from '../../preview/page.ts';
import { runKindSteps } from '../run/run-step.ts';
import type { TaskCeilings } from '../run/tasks.ts';
import { playHtml } from '../../preview/play.ts';
import { gameKindsScript } from '../../preview/game-script.ts';
import { gameKindModules, kinds } from '../../kinds/index.ts';
import { InputError } from '../../lib/errors.ts';

/** A pack as the pages need it: its name, kind and document (as parsed from its file). */
export interface PagePack {
  name: string;
  kind: PuzzleKind;
  pack: PackFile;
  /** The set it was cut from (bundle): its levels get the kind's rule checks first, the first problem refused with this file named. */
  setFile?: string;
}

/** A curated set a pack is cut from: its path as the packs file gives it, kind and document. */
export interface PageSet {
  file: string;
  kind: PuzzleKind;
  doc: SetFile;
}

/** The designer's preview page for the packs of kinds that can draw their levels; `page[i]`: pack i's level data (default: computed here). */
export function previewPage(packs: readonly PagePack[], page?: readonly (PageLevel[] | undefined)[]): string {
  const shown: PreviewPack[] = packs.flatMap((b, i) => {
    if (!b.kind.preview) return [];
    const data = page?.[i];
    const ctx = { config: b.pack.generator.config, calibration: b.pack.calibration };
    return [{ name: b.name, kind: b.kind, levels: b.pack.levels, ctx, ...(data ? { page: data } : {}) }];
  });
  return previewHtml(shown, TOOL);
}

/**
 * The play-test page: every level of every set (in the order given, each
 * once), with the faces and views of the game's own kinds among them compiled
 * in (InputError naming the kind's module when they do not compile).
 */
export function playPage(sets: readonly PageSet[]): string {
  const modules = gameKindModules(); // the game's kinds are the last of kinds(), in the modules' order
  const game = kinds()
    .slice(kinds().length - modules.length)
    .flatMap((k, i) => (modules[i] && sets.some((s) => s.kind.name === k.name) ? [{ name: k.name, ...modules[i] }] : []));
  return playHtml(
    sets.map((s) => ({ file: s.file, metric: s.kind.listMetric ?? (['', ''] as const), ...s.doc })),
    TOOL,
    gameKindsScript(game),
  );
}

/** The text of a conformance file: pretty JSON, one line per action. */
function conformanceText(file: ConformanceFile): string {
  return formatDocument(file, new Set(['steps']));
}

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
