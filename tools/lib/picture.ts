// A board as a grid of coloured, labelled cells: what a kind draws (its
// preview, its face's view of a game) and the pages render, knowing no kind.
// Plain data, in its own file so that kind.ts and face.ts both take it from here.
/** A board drawn as a grid of cells: the designer's preview page and the play page draw it. */
export interface Picture {
  rows: number;
  cols: number;
  /** Palette index per cell, row-major. */
  fill: number[];
  /** Label per cell ('' for none), row-major. */
  text: string[];
  /** Labels above the columns and left of the rows (e.g. ghost counts). */
  colLabels?: string[];
  rowLabels?: string[];
  /** CSS colour per palette index (a page's default grey ramp otherwise). */
  palette?: string[];
  /** Space-separated names per cell saying what it is ('mark', 'ghost', 'selected', 'cursor' ...), row-major; a page outlines 'cursor', 'selected', 'hinted' and 'picked'. */
  tags?: string[];
}
