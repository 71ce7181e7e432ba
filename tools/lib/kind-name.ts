// What a puzzle kind may be called: lower-case letters and digits, starting
// with a letter. Checked where kinds are registered (tools/kinds/index.ts),
// and the one pattern every file name or id derived from a kind is read with
// (`<kind>-<12 hex>` ids, `conformance/<kind>.json`, `<kind>.json` configs).

/** The pattern of a kind's name, without anchors, for composing with what follows it (e.g. `${KIND_NAME_PART}-[0-9a-f]{12}`). */
export const KIND_NAME_PART = '[a-z][a-z0-9]*';

/** A whole kind name: lower-case letters and digits, starting with a letter. */
export const KIND_NAME = new RegExp(`^${KIND_NAME_PART}$`);
