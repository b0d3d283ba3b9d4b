/**
 * The parameters phpFox reads from its `do` routing parameter (`Phpfox_Url::_setParams`): the path
 * `do=/api/method_core.getCountries/token_abc/` is split at `/`, and every segment after the first
 * (the first too when it starts with `frame_`) that holds a `_` sets the parameter named before the
 * first `_` to what follows it. phpFox merges these over `$_GET` and `$_POST`: they win.
 */
export function phpfoxUrlParams(route: string): Map<string, string> {
  const params = new Map<string, string>();
  let count = 0;
  for (const raw of route.replace(/^\/+|\/+$/g, '').split('/')) {
    const segment = raw.trim();
    if (segment === '') continue;
    count++;
    if (count === 1 && !segment.startsWith('frame_')) continue;
    const underscore = segment.indexOf('_');
    if (underscore < 0) continue;
    params.set(segment.slice(0, underscore), segment.slice(underscore + 1));
  }
  return params;
}
