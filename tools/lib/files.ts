// The file formats (tools/lib/formats.ts) plus the provenance string the
// commands write into every file.
import { PACKAGE_VERSION } from './paths.ts';

export * from './formats.ts';

/** Written into every file as provenance. */
export const TOOL = `proofpack ${PACKAGE_VERSION}`;
