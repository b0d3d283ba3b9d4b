import { AppClient } from '../../src/index.js';
import { APP_METHODS } from './fuzz/app-methods.js';
import { recordAppSamples } from './fuzz/real-samples.js';
import { describeMethodFuzz } from './fuzz/suite.js';

/** Property-based: every AppClient method against arbitrary answers (see fuzz/suite.ts). */
describeMethodFuzz({
  methods: APP_METHODS,
  record: recordAppSamples,
  connect: (options) => new AppClient({ ...options, token: 'fuzz-token' }),
});
