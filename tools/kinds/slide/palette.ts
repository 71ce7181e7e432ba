// The slide colours, one list for every page that draws a slide board: the
// designer's preview (preview.ts) and the play page's view (view.ts).
/** 0 floor, 1 wall, 1 + c for colour c (1..15). */
export const SLIDE_PALETTE = [
  '#ffffff',
  '#37474f',
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#fdd835',
  '#8e24aa',
  '#fb8c00',
  '#00acc1',
  '#6d4c41',
  '#ec407a',
  '#7cb342',
  '#5c6bc0',
  '#26a69a',
  '#c0ca33',
  '#8d6e63',
  '#78909c',
] as const;
