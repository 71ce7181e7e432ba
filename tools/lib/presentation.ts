// What a kind shows people beside its levels: the designer's preview card of a
// level (Preview: a picture and the steps of its stored solution) and the tier
// table curate prints (TierTable). Types only: each kind's preview and
// tierTable members make them (lib/kind.ts), the preview page and the console
// draw them.
import type { Picture } from './picture.ts';

/** One step of a stored solution: what changes on the picture. */
export interface PreviewStep {
  caption: string;
  /** Cells that change: [cell index, palette index, label]. */
  set: [number, number, string][];
  /** Rectangles to outline in this step: [top, left, bottom, right], inclusive. */
  marks?: [number, number, number, number][];
}

/** A level's preview card: its picture, the steps of its stored solution and its key metrics. */
export interface Preview {
  picture: Picture;
  steps: PreviewStep[];
  /** Key metrics shown on the card. */
  metrics: [string, string | number][];
}

/** Rows for the tier table that curate prints. */
export interface TierTable {
  columns: string[];
  rows: (string | number)[][];
  /** Lines printed under the table (e.g. the deepest level). */
  notes?: string[];
}
