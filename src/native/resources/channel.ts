import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import { type ChannelExport, ChannelExportSchema, type StreamItem } from '../../schemas/index.js';
import { knownParams } from '../arguments.js';
import { StreamItemListSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The sections Hubzilla 8.8.7 exports when none are asked for (`get_default_export_sections()`). */
export const DEFAULT_EXPORT_SECTIONS = ['channel', 'connections', 'config', 'apps'] as const;

/** The parameters of {@link ChannelResource.exportBasic}. */
export interface ChannelExportParams {
  /**
   * The sections to export, sent comma-separated: `channel`, `profile`, `connections`, `config`,
   * `apps`, `chatrooms`, `events`, `webpages`, `wikis`, `items`. The hub skips names it does not
   * know, so a list of unknown names exports no section at all (only `compatibility` and
   * `relocate`). Left out or empty, no `sections` is sent and the hub exports its own defaults
   * (8.8.7: `channel`, `connections`, `config`, `apps`); with `posts: true`, see there.
   * @default the hub's default sections
   * @example { sections: ['channel', 'connections'] }
   */
  sections?: string[];
  /**
   * `true`: the posts too, sent as the `items` section, because hubs ignore the `posts=1` that
   * Hubzilla's API document describes (seen on 8.8.7). `items` is added to `sections`; without
   * `sections` it is added to 8.8.7's defaults (`channel`, `connections`, `config`, `apps`), sent
   * explicitly, since a hub cannot be asked to add one section to its own defaults.
   * @default false
   */
  posts?: boolean;
}

/** The parameters of {@link ChannelResource.stream}. */
export interface ChannelStreamParams {
  /**
   * The oldest items to return: a `Date`, sent as UTC `YYYY-MM-DD HH:MM:SS`, or a string as the hub reads it.
   * @default the hub's: now minus 14 days
   */
  mindate?: Date | string;
}

const EXPORT_KEYS = keysOf<ChannelExportParams>({ sections: true, posts: true });
const STREAM_KEYS = keysOf<ChannelStreamParams>({ mindate: true });

/** The signed-in channel: export and its own stream. */
export class ChannelResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /**
   * `channel/export/basic`: the channel's data. Always holds `compatibility` and `relocate`; the
   * `channel` section holds the channel's PRIVATE KEY: never log an export.
   */
  exportBasic(params: ChannelExportParams = {}, options?: RequestOptions): ApiPromise<ChannelExport> {
    return ApiPromise.attempt(() => {
      knownParams('channel.exportBasic', params, EXPORT_KEYS);
      const asked = params.sections?.length ? params.sections : undefined;
      const withPosts = params.posts ? [...new Set([...(asked ?? DEFAULT_EXPORT_SECTIONS), 'items'])] : asked;
      const query = { sections: withPosts?.join(',') };
      return this.#api.read(
        'channel/export/basic',
        query,
        { schema: ChannelExportSchema, subject: 'The channel', shape: 'object' },
        options,
      );
    });
  }

  /**
   * `channel/stream` (GET): the channel's own conversation items since `mindate`, threads and
   * comments as one flat list, in the stream encoding: no row `id` or `parent` (reply with
   * `items.reply(item, { body })`). (A POST to this endpoint creates a post: use `items.update` for that.)
   */
  stream(params: ChannelStreamParams = {}, options?: RequestOptions): ApiPromise<StreamItem[]> {
    return ApiPromise.attempt(() => {
      knownParams('channel.stream', params, STREAM_KEYS);
      const query = { mindate: params.mindate };
      return this.#api.read(
        'channel/stream',
        query,
        { schema: StreamItemListSchema, subject: 'The channel stream', shape: 'array' },
        options,
      );
    });
  }
}
