import type { RequestOptions } from '../../core/options.js';
import { type ChannelExport, ChannelExportSchema, type Item } from '../../schemas/index.js';
import { ItemListSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The sections Hubzilla 8.8.7 exports when none are asked for (`get_default_export_sections()`). */
export const DEFAULT_EXPORT_SECTIONS = ['channel', 'connections', 'config', 'apps'] as const;

export interface ChannelExportParams {
  /**
   * The data types to export, sent comma-separated: `channel`, `profile`, `connections`, `config`,
   * `apps`, `chatrooms`, `events`, `webpages`, `wikis`, `items`. Unknown names are ignored by the hub.
   * @default the hub's defaults (8.8.7: channel, connections, config, apps)
   * @example { sections: ['channel', 'connections'] }
   */
  sections?: string[];
  /**
   * `true`: the posts too. Sent as the `items` section added to `sections` (or to the defaults),
   * because hubs ignore the `posts=1` that Hubzilla's API document describes (seen on 8.8.7).
   * @default false
   */
  posts?: boolean;
}

export interface ChannelStreamParams {
  /**
   * The oldest items to return: a `Date`, sent as UTC `YYYY-MM-DD HH:MM:SS`, or a string as the hub reads it.
   * @default the hub's: now minus 14 days
   */
  mindate?: Date | string;
}

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
  exportBasic(params: ChannelExportParams = {}, options?: RequestOptions): Promise<ChannelExport> {
    const asked = params.sections?.length ? params.sections : undefined;
    const withPosts = params.posts ? [...new Set([...(asked ?? DEFAULT_EXPORT_SECTIONS), 'items'])] : asked;
    const query = { sections: withPosts?.join(',') };
    return this.#api.read(
      'channel/export/basic',
      query,
      { schema: ChannelExportSchema, subject: 'The channel', shape: 'object' },
      options,
    );
  }

  /**
   * `channel/stream` (GET): the channel's own conversation items since `mindate`, threads and
   * comments as one flat list. (A POST to this endpoint creates a post: use `items.update` for that.)
   */
  stream(params: ChannelStreamParams = {}, options?: RequestOptions): Promise<Item[]> {
    const query = { mindate: params.mindate };
    return this.#api.read(
      'channel/stream',
      query,
      { schema: ItemListSchema, subject: 'The channel stream', shape: 'array' },
      options,
    );
  }
}
