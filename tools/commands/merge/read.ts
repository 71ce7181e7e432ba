// The shard files of one merge, read one at a time: a file is read, parsed and
// handed on before the next is opened, so a merge never holds more than one
// shard's parsed document (what it keeps of each is retained.ts's to bound).
// Each file is an input like any other (at most the 32 MiB any input may have).
import { parseJson, readText } from '../../lib/io.ts';
import { parseDocument, type Loaded } from '../files/documents.ts';

/** One shard file, as read: its name and its document (a set file or a validate report). */
export interface ShardDocument {
  file: string;
  loaded: Loaded;
}

/** The shard files in the order given, each read and parsed only when the one before has been handed on. */
export function* shardDocuments(files: readonly string[]): Generator<ShardDocument> {
  for (const file of files) yield { file, loaded: parseDocument(file, parseJson(file, readText(file)), ['set', 'validate-report']) };
}
