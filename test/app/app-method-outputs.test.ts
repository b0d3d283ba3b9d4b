import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { APP_METHOD_OUTPUTS, AppMethodOutputs, KnownAppMethod } from '../../src/app/app-methods.js';
import type { KnownFields } from '../../src/index.js';

/** What each known method's schema returns, without the index signature: what `app.call()` must promise. */
type SchemaOutputs = { [M in KnownAppMethod]: KnownFields<z.output<(typeof APP_METHOD_OUTPUTS)[M]>> };

describe('AppMethodOutputs (type-checked by `npm run typecheck`)', () => {
  it('names, for every known method, exactly the type its output schema returns', () => {
    expectTypeOf<AppMethodOutputs>().toEqualTypeOf<SchemaOutputs>();
    expectTypeOf<keyof AppMethodOutputs>().toEqualTypeOf<KnownAppMethod>();
  });
});
