import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Playwright cannot download browsers here; the e2e tests drive Debian's Chromium.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`${chromium} is missing; installing Debian's chromium with apt-get…`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    console.error('Chromium is not installed. Run: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
    process.exit(1);
  }
}
