// The builders of the files bundle derives from its packs and sets, beside the
// packs and the manifest: the designer's preview page (preview/index.html),
// the play-test page (preview/play.html) and the text of a conformance file
// (conformance/<kind>.json). Pure: the kinds' data in them (preview data,
// vectors) is computed on the pool by run/derived-files.ts, which bundle
// calls to write them and validate to recompute them.
import type { ConformanceFile } from '../../lib/conformance.ts';
import { TOOL, type PackFile, type SetFile } from '../../lib/files.ts';
import { formatDocument } from '../../lib/json.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { previewHtml, type PageLevel, type PreviewPack } from '../../preview/page.ts';
import { playHtml } from '../../preview/play.ts';
import { gameKindsScript } from '../../preview/game-script.ts';
import { gameKindModules, kinds } from '../../kinds/index.ts';

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
export function conformanceText(file: ConformanceFile): string {
  return formatDocument(file, new Set(['steps']));
}
