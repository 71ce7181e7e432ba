// The files bundle derives from its packs and sets, beside the packs and the
// manifest: the designer's preview page (preview/index.html), the play-test
// page (preview/play.html) and the client's conformance vectors
// (conformance/<kind>.json). One builder for each, called by bundle to write
// them and by validate to recompute them from a bundle's packs and the sets its
// manifest names (found among the files validated, by their SHA-256), so a
// planted or stale page is named, never shipped. Pages are built from the
// documents as read back (parseDocument), so bundle and validate hand the
// builders the same values.
import type { ConformanceFile, ConformanceWriter } from '../../lib/conformance.ts';
import { TOOL, type PackFile, type SetFile } from '../../lib/files.ts';
import { formatDocument } from '../../lib/json.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { previewHtml, type PreviewPack } from '../../preview/page.ts';
import { playHtml } from '../../preview/play.ts';
import { gameKindsScript } from '../../preview/game-script.ts';
import { gameKindModules, kinds } from '../../kinds/index.ts';

/** A pack as the pages need it: its name, kind and document (as parsed from its file). */
export interface PagePack {
  name: string;
  kind: PuzzleKind;
  pack: PackFile;
}

/** A curated set a pack is cut from: its path as the packs file gives it, kind and document. */
export interface PageSet {
  file: string;
  kind: PuzzleKind;
  doc: SetFile;
}

/** The designer's preview page for the packs of kinds that can draw their levels. */
export function previewPage(packs: readonly PagePack[]): string {
  const shown: PreviewPack[] = packs
    .filter((b) => b.kind.preview)
    .map((b) => ({ name: b.name, kind: b.kind, levels: b.pack.levels, ctx: { config: b.pack.generator.config, calibration: b.pack.calibration } }));
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

/** Every derived file bundle owns, by its path below the dist folder ('/'-separated), in write order. */
export function derivedFiles(
  packs: readonly PagePack[],
  sets: readonly PageSet[] | undefined,
  conformance?: ConformanceWriter,
): { files: Map<string, string>; vectors: ConformanceFile[] } {
  const out = new Map<string, string>();
  out.set('preview/index.html', previewPage(packs));
  if (sets) out.set('preview/play.html', playPage(sets));
  const vectors = conformance ? conformance(packs.map((p) => ({ name: p.name, pack: p.pack }))) : [];
  for (const v of vectors) out.set(`conformance/${v.kind}.json`, conformanceText(v));
  return { files: out, vectors };
}
