import { NativeClient } from '../../src/index.js';
import { NATIVE_METHODS } from './fuzz/native-methods.js';
import { recordNativeSamples } from './fuzz/real-samples.js';
import { describeMethodFuzz } from './fuzz/suite.js';

/** Property-based: every NativeClient method against arbitrary answers (see fuzz/suite.ts). */
describeMethodFuzz({
  methods: NATIVE_METHODS,
  record: recordNativeSamples,
  connect: (options) => new NativeClient({ ...options, username: 'alice', password: 'fuzz-pass' }),
});
