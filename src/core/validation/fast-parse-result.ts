/**
 * A parse that gave up: the value may be invalid, or of a kind the fast parse does not model.
 * zod then decides (and words the issues), so the fast parse only ever has to be right when it
 * succeeds.
 */
export const GAVE_UP: unique symbol = Symbol('gave up');

/** The value a schema parses `input` to, or `GAVE_UP`. */
export type FastParser = (input: unknown) => unknown;
