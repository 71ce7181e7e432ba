// Run by `npm test` before the suite: the preview page's browser test drives
// Debian's Chromium (never a downloaded browser). On a fresh Debian machine as
// root it installs the package; elsewhere it says what to install.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const chromium = process.env.PROOFPACK_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    process.stderr.write(`${chromium} is missing: installing Debian's chromium package for the preview browser test\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  } else {
    process.stderr.write(
      `the preview browser test needs Chromium at ${chromium}: install Debian's chromium package (apt-get install chromium) or set PROOFPACK_CHROMIUM\n`,
    );
    process.exit(1);
  }
}
