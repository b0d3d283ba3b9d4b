import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClientOptions, SdkError, ValidationError, type ValidationMode } from '../../../src/index.js';
import { trackUnhandledRejections } from '../support/unhandled.js';
import { type FuzzResponse, responses } from './bodies.js';
import { type FuzzMethod, label } from './method.js';
import type { Samples } from './real-samples.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './settings.js';
import { stubFetch } from './stub-fetch.js';

export interface MethodFuzzSpec<Client> {
  methods: readonly FuzzMethod<Client>[];
  record(): Promise<Samples<Client>>;
  connect(options: ClientOptions): Client;
}

/** Paging and downloads may ask again and again for the same answer; past this, something loops. */
const MAX_REQUESTS = 60;

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Every public method, against whatever a server may answer (near misses of the real answer,
 * arbitrary JSON, arbitrary bytes, any status):
 * - `strict` (the default): a value its schema accepts as is, or an `SdkError`. Never a TypeError,
 *   SyntaxError or RangeError from inside the SDK.
 * - `warn` and `off`, compared with `strict` on the same answer: where `strict` accepts the answer
 *   they return the same (`warn`) or a value (`off`); where `strict` refuses it with an `ApiError`
 *   they refuse it the same way. Where `strict` finds the answer malformed, they may return it as
 *   received (but always the promised kind: a list stays a list) or fail with an `SdkError`;
 *   never a TypeError.
 */
export function describeMethodFuzz<Client>(spec: MethodFuzzSpec<Client>): void {
  const unhandled = trackUnhandledRejections();
  let samples: Samples<Client>;
  beforeAll(async () => {
    samples = await spec.record();
  });

  async function call(method: FuzzMethod<Client>, response: FuzzResponse, validation: ValidationMode) {
    const fetch = stubFetch(response);
    const options: ClientOptions = {
      baseUrl: 'https://fuzz.example/',
      fetch,
      retry: 0,
      timeout: 5_000,
      validation,
    };
    const settled: Settled = await method
      .run(spec.connect(options), { options, ids: samples.ids, key: 'fuzz-key' })
      .then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    expect(fetch.calls, 'requests for one call').toBeLessThanOrEqual(MAX_REQUESTS);
    return settled;
  }

  const answersOf = (method: FuzzMethod<Client>) => responses(samples.byMethod.get(method)?.body ?? '');
  const rows = spec.methods.map((method) => [label(method), method] as const);

  describe('the oracle', () => {
    it.each(rows)("%s: the real answer's result passes the check", (_, method) => {
      method.check(samples.byMethod.get(method)?.value);
    });
  });

  it.each(rows)(
    '%s (strict): a schema-valid value or an SdkError, whatever the answer',
    async (_, method) => {
      await fc.assert(
        fc.asyncProperty(answersOf(method), async (response) => {
          const settled = await call(method, response, 'strict');
          if (settled.ok) method.check(settled.value);
          else if (!(settled.error instanceof SdkError)) throw settled.error;
        }),
        fuzzOptions(),
      );
      await unhandled.expectNone();
    },
    FUZZ_TIMEOUT_MS,
  );

  const lenient = spec.methods.flatMap((method) =>
    (['warn', 'off'] as const).map((mode) => [label(method), mode, method] as const),
  );
  it.each(lenient)(
    '%s (%s): as strict wherever strict accepts the answer or the server said no',
    async (_, mode, method) => {
      await fc.assert(
        fc.asyncProperty(answersOf(method), async (response) => {
          const strict = await call(method, response, 'strict');
          const settled = await call(method, response, mode);
          if (strict.ok) {
            if (!settled.ok) throw settled.error;
            if (mode === 'warn') expect(settled.value).toEqual(strict.value);
          } else if (!(strict.error instanceof ValidationError)) {
            expect(settled.ok ? 'resolved' : (settled.error as Error).constructor.name).toBe(
              (strict.error as Error).constructor.name,
            );
          } else if (!settled.ok) {
            // Never a TypeError or any other raw error from inside the SDK, in any mode.
            if (!(settled.error instanceof SdkError)) throw settled.error;
          } else {
            // A malformed answer returned as received must still be the promised kind of value.
            expect(kindOf(settled.value), 'the kind of value').toBe(
              kindOf(samples.byMethod.get(method)?.value),
            );
          }
        }),
        fuzzOptions(0.5),
      );
      await unhandled.expectNone();
    },
    FUZZ_TIMEOUT_MS,
  );
}

/** The kind of a value, as a method promises it: a list, a record, a string, a number, a boolean. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Uint8Array) return 'bytes';
  return typeof value;
}
