/**
 * The Chromium every browser check uses: Debian's package, not a Playwright download (there is no
 * network where CI runs; `.ci/run` installs it with apt-get). `CHROMIUM_PATH` points elsewhere on
 * a developer machine.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (CI runs as root in a container), and nothing that would reach the network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
