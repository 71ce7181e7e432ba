// Where the project's own files are, whether running from tools/*.ts or from
// the compiled build/tools/*.js.
import { existsSync, readFileSync } from 'node:fs';

function findRoot(): URL {
  let dir = new URL('./', import.meta.url);
  for (let i = 0; i < 6; i++) {
    const pkg = new URL('package.json', dir);
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'proofpack') return dir;
    dir = new URL('../', dir);
  }
  throw new Error('cannot find the proofpack package root');
}

export const PROJECT_ROOT = findRoot();
export const SCHEMA_DIR = new URL('schema/', PROJECT_ROOT);
export const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('package.json', PROJECT_ROOT), 'utf8')) as { version: string }).version;
