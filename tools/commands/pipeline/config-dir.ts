// Where pipeline reads its configs: the folder --config-dir names, else
// ./proofpack, else (inside proofpack's own checkout only) the built-in job.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../lib/errors.ts';
import { PROJECT_ROOT } from '../../lib/paths.ts';

/** True when the current directory is the checkout of the proofpack that runs: the only place the built-in job runs. */
export function insideOwnCheckout(): boolean {
  try {
    return fs.realpathSync(process.cwd()) === fs.realpathSync(fileURLToPath(PROJECT_ROOT));
  } catch {
    return false;
  }
}

/** The folder pipeline reads its configs from: the one given, else ./proofpack; undefined: the built-in job. */
export function configDirOf(given: string | undefined): string | undefined {
  if (given !== undefined) {
    if (!fs.existsSync(given)) throw new InputError(`--config-dir ${given}: the folder does not exist (\`proofpack init --dir ${given}\` makes one)`);
    if (!fs.statSync(given).isDirectory()) throw new InputError(`--config-dir ${given}: not a folder`);
    if (!fs.existsSync(path.join(given, 'packs.json'))) throw new InputError(`--config-dir ${given}: no packs.json there (proofpack init writes one)`);
    return given;
  }
  if (fs.existsSync(path.join('proofpack', 'packs.json'))) return 'proofpack';
  if (insideOwnCheckout()) return undefined;
  throw new InputError(
    `pipeline: no proofpack/packs.json in ${process.cwd()}: run \`npx proofpack init\` to make the game's config folder (or give --config-dir DIR)`,
  );
}
