import { accessSync, constants } from 'node:fs';

/**
 * The Chromium every browser check uses (the vitest browser project, the consumer bundle test and
 * the browser example), found without any system install. In order:
 * 1. `CHROMIUM_PATH`, when a developer points at a browser of their own;
 * 2. a system Chromium (Debian's package, or another common location);
 * 3. the Chromium shipped inside the `@sparticuz/chromium` devDependency, unpacked on first use
 *    (about 1.5–2.5 s here). Playwright's own browser downloads are not reachable where CI runs,
 *    and a fresh machine has no system browser, so this fallback is what `npm test` uses there.
 */
export interface ResolvedChromium {
  executablePath: string;
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/** Headless, no sandbox (CI runs as root in a container), and nothing that would reach the network. */
const quietArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/*
 * `@sparticuz/chromium` is built for AWS Lambda and its default `args` suit that place, not a test
 * browser. Kept: what its build needs to start headless without a GPU or a zygote. Dropped:
 * `--single-process` (vitest's browser mode opens an iframe per test file and the single process
 * wedges under it), `--disable-web-security`, `--allow-running-insecure-content` and the site
 * isolation switches (the browser tests check CORS and a strict CSP: a browser that ignores them
 * would pass tests it must fail), and `--headless='shell'` (Playwright passes its own headless flag).
 */
const sparticuzArgsKept = new Set([
  '--no-zygote',
  '--disable-setuid-sandbox',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--font-render-hinting=none',
  '--no-default-browser-check',
  '--no-pings',
]);

const systemCandidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let resolved: Promise<ResolvedChromium> | undefined;

/** Finds (once per process) the browser to launch; see {@link ResolvedChromium}. */
export function resolveChromium(): Promise<ResolvedChromium> {
  resolved ??= find();
  return resolved;
}

async function find(): Promise<ResolvedChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: quietArgs, source: 'CHROMIUM_PATH' };
  const system = systemCandidates.find(isExecutable);
  if (system) return { executablePath: system, args: quietArgs, source: 'system' };
  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  const args = [...quietArgs, ...chromium.args.filter((arg) => sparticuzArgsKept.has(arg))];
  return { executablePath, args, source: '@sparticuz/chromium' };
}
