import type { SelfParsingCommand } from './command.js';
import { EXAMPLE_USAGE } from './example-usage.js';

/** `socialsite-sdk example`: runs one of the examples shipped in the package (see examples/). */
export const exampleCommand: SelfParsingCommand = {
  name: 'example',
  summary: 'run one of the examples shipped with the package, against a fake site it starts',
  usage: EXAMPLE_USAGE,
  // Loaded when it runs, not for `socialsite-sdk --help` (issue 32).
  runArgv: async (argv, io) => (await import('./example-run.js')).runExample(argv, io),
};
