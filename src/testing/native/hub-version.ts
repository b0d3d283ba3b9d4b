import type { Params } from '../http/params.js';
import type { HubVersion } from '../options.js';
import type { HubCall } from './endpoint.js';
import type { HubAttachRow } from './hub-state.js';

/*
 * What differs between the Hubzilla generations the fake imitates (`hubVersion`). `'8.8'`: 8.8.7,
 * run live (7.8.7 and 8.9.3 answer the same here). `'10.3'`: 10.3.43, read in its source
 * (`include/api_zot.php`, `Zotlabs/Module/Wall_attach.php`): `item/update` reads `body` from the
 * form body only, puts an uploaded file's link BEFORE the text, and `xchan` stores nothing on POST.
 */

/** What `version` answers for each generation. */
export const HUB_RELEASES: Record<HubVersion, string> = { '8.8': '8.8.7', '10.3': '10.3.43' };

/**
 * The text `item/update` reads: 8.8.7 `$_REQUEST['body']` (the query's, or the form body's when
 * both have one); 10.x sets and reads `$_POST['body']`, so a body in the query string is ignored.
 */
export function itemBody(version: HubVersion, params: Params): string {
  if (version === '10.3' && !params.inBody('body')) return '';
  return params.get('body') ?? '';
}

/**
 * The text with an uploaded file's link (`link` as Wall_attach makes it, without blank lines),
 * trimmed as `Item::post` reads it. 8.8.7: `$body .= "\n\n" . $media`, where Wall_attach wrapped
 * the link in blank lines: after the text. 10.x: `$media . "\n" . $body`: before it.
 */
export function withMediaLink(version: HubVersion, body: string, link: string): string {
  return (version === '10.3' ? `${link}\n${body}` : `${body}\n\n\n\n${link}\n\n`).trim();
}

/**
 * `Item::post`'s `[attachment]hash,revision[/attachment]` tags: each file found becomes an entry of
 * the row's `attach` (JSON text: `href`, `length`, `type`, urlencoded `title`, `revision`) and the
 * tag leaves the text, as seen on a live 8.8.7.
 */
export function takeAttachments(call: HubCall, body: string): { body: string; attach: string } {
  const entries: unknown[] = [];
  const text = body.replace(/\[attachment\](.*?)\[\/attachment\]/g, (_, ref: string) => {
    const hash = ref.split(',')[0];
    const file = call.runtime.hub.files.find(
      (row: HubAttachRow) => row.hash === hash && row.uid === call.channel.channel_id,
    );
    if (file) {
      entries.push({
        href: `${call.site}/attach/${file.hash}`,
        length: file.filesize,
        type: file.filetype,
        title: encodeURIComponent(file.filename),
        revision: file.revision,
      });
    }
    return '';
  });
  if (entries.length === 0) return { body, attach: '' };
  return { body: text.trim(), attach: JSON.stringify(entries) };
}

/**
 * 8.8.7's `xchan` on POST: `xchan_store($_REQUEST)` adds an unknown `hash` (or `guid`) as a new
 * identity before the look-up (network, name and URL "unknown" or the hub's own when not given;
 * a `zot6` identity only with a signature the fake cannot check, so never).
 * 10.x dropped it: a POST reads, as a GET does.
 */
export function storeXchanOnPost(call: HubCall): void {
  const { params, runtime } = call;
  if (runtime.options.hubVersion !== '8.8' || call.method !== 'POST') return;
  const hash = params.get('hash') || params.get('guid');
  if (!hash || params.get('network') === 'zot6' || runtime.hub.xchans.some((x) => x.hash === hash)) return;
  const text = (name: string, fallback = '') => params.get(name) || fallback;
  runtime.hub.xchans.push({
    hash,
    guid: text('guid'),
    guid_sig: text('guid_sig'),
    pubkey: '',
    photo_mimetype: '',
    photo_l: '',
    photo_m: '',
    photo_s: '',
    addr: text('addr'),
    url: text('url', call.site),
    connurl: text('connurl'),
    follow: text('follow'),
    connpage: text('connpage'),
    name: text('name', 'unknown'),
    network: text('network', 'unknown'),
    instance_url: text('instance_url'),
    flags: 0,
    photo_date: '0001-01-01 00:00:00',
    name_date: '0001-01-01 00:00:00',
    hidden: 0,
    orphan: 0,
    censored: 0,
    selfcensored: 0,
    system: 0,
    pubforum: 0,
    deleted: 0,
  });
}
