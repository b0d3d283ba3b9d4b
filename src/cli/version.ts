// Bundled into dist/cli.js at build time, so the installed command needs no file lookup.
import packageJson from '../../package.json' with { type: 'json' };

/** The version of socialsite-sdk, as package.json says. */
export const VERSION: string = packageJson.version;
