// Checked element access, where code outside the hot loops would otherwise
// assert with `!` that an index is in range: a wrong index fails here, at
// once and with the index named, instead of letting `undefined` travel on.
// The hot-loop files keep `!` (biome.jsonc lists them).

/** items[i], which must exist. */
export function at<T>(items: ArrayLike<T>, i: number): T {
  const v = items[i];
  if (v === undefined) throw new RangeError(`index ${i} is outside 0..${items.length - 1}`);
  return v;
}
