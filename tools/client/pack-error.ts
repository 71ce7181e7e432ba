// The one error the client's loaders throw (packs.ts, create-client.ts): a
// line naming the file or level id and the field.

/** The error the loaders throw: one line naming the file or level id and the field, or what is wrong with the file as a whole. */
export class PackError extends Error {}
