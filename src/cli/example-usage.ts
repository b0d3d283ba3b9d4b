/** `socialsite-sdk example --help`. */
export const EXAMPLE_USAGE = [
  'Usage: socialsite-sdk example <name> [the example’s own arguments]',
  '       socialsite-sdk example --list',
  '',
  'Runs one of the examples of the package (their source: node_modules/socialsite-sdk/examples/),',
  'against the embedded fake site it starts on 127.0.0.1, or against a real site when the',
  'environment says so, each API on its own:',
  '  APP_BASE_URL, APP_KEY                the Application API (phpFox)',
  '  HUB_BASE_URL, HUB_USER, HUB_PASSWORD the Native API (Hubzilla)',
  'Each example prints which site it uses. Exit code: the example’s.',
  '',
  'Options:',
  '  --list      the examples, one a line with what it shows',
  '  -h, --help  show this help',
  '',
].join('\n');
