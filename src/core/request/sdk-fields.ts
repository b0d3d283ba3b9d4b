import { phpName } from './php-name.js';
import type { Fields } from './query.js';

/**
 * The SDK's own fields (`channel`, `message_id`; `token`, `method`) first, then the caller's, as
 * defence in depth: were PHP ever to cut the request (`max_input_vars` drops the fields at the end,
 * see `serverLimits`, which refuses such a request before sending), an SDK field is never what falls
 * off. A caller's field that PHP reads as the same variable as an SDK field (`channel`, `channel[]`,
 * `channel[x]`, ` channel`, `channel\0x`) is left out: PHP keeps the last one of a name, so it would
 * replace the SDK's. (A caller's field named by digits alone goes before every other name: a JS
 * object lists such keys first; it can never replace an SDK field.)
 */
export function sdkFieldsFirst(sdk: Fields, caller: Fields): Fields {
  return { ...sdk, ...withoutSdkNames(Object.keys(sdk), caller) };
}

/** The caller's fields without those PHP reads as one of the variables `sdkNames` (see {@link sdkFieldsFirst}). */
export function withoutSdkNames(sdkNames: readonly string[], caller: Fields): Fields {
  const fields: Fields = {};
  for (const [name, value] of Object.entries(caller)) {
    const variable = phpName(name)?.name;
    if (variable === undefined || !sdkNames.includes(variable)) fields[name] = value;
  }
  return fields;
}
