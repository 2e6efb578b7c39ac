// Browser tests use Debian's Chromium: browsers cannot be downloaded here. Install it when missing (as root),
// or stop with a one-line instruction. Never skip the browser tests silently.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian package chromium…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`Browser tests need ${CHROMIUM}: run "sudo apt-get install -y chromium" and try again.`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}.`);
  process.exit(1);
}
