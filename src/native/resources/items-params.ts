/** What `media` accepts: a Blob or File (its name and type are sent), or bytes. */
export type MediaUpload = Blob | File | Uint8Array | ArrayBuffer;

/** An ACL list: xchan or group hashes, sent as repeated `name[]` fields. */
export type AclList = readonly string[] | string;

/**
 * `item/update` form fields. Creates a post; a comment with `parent` or `parent_mid`; an edit with
 * `post_id` (the edit replaces the text: send the whole new `body`).
 */
export interface ItemUpdateParams {
  /** The text, BBCode unless `mimetype` says otherwise. Required and non-empty, unless `media` is attached. */
  body: string;
  /** A file to upload and link at the end of the body (a `File` keeps its name; bytes are sent as `media`). */
  media?: MediaUpload;
  /** A title (posts only; Hubzilla shows none for comments). @default no title */
  title?: string;
  /**
   * Xchan hashes allowed to see the item. An EMPTY list is sent as an empty field: "no restriction"
   * (public). Left out, the channel's default permissions apply.
   */
  contact_allow?: AclList;
  /** Privacy group hashes allowed to see the item (`PrivacyGroup.hash`). Empty list as in `contact_allow`. */
  group_allow?: AclList;
  /** Xchan hashes denied. */
  contact_deny?: AclList;
  /** Privacy group hashes denied. */
  group_deny?: AclList;
  /** Geographic coordinates. */
  coord?: string;
  /** Free-form location. */
  location?: string;
  /** When the item expires and is removed (`Date` → UTC `YYYY-MM-DD HH:MM:SS`). */
  expire?: Date | string;
  /** @default 'text/bbcode' */
  mimetype?: string;
  /**
   * The row id of the item to comment on (its thread's top, or a comment in it). Only rows and
   * exports have one (`ItemRow.id`, `ExportItem.id`), stream items do not: reply to any item with
   * `items.reply(item, { body })`. Given but not a positive integer (`undefined`, `NaN`) →
   * `ArgumentError`, since the hub would otherwise publish a new top-level post.
   */
  parent?: number;
  /**
   * The message id of the item to comment on (alternative to `parent`): `StreamItem.message_id`,
   * `ExportItem.message_id` or `ItemRow.mid`. Looked up among the channel's own items.
   */
  parent_mid?: string;
  /** The author's xchan hash, when not the channel owner. */
  remote_xchan?: string;
  /** @default false. `true` marks a consensus (voting) item. */
  consensus?: boolean;
  /** @default false. `true` disables comments. */
  nocomment?: boolean;
  /** Persistent identity of a remote network or service. */
  namespace?: string;
  /** The resource's message id on that remote network or service. */
  remote_id?: string;
  /**
   * The new item's message id, which the hub keeps as its `uuid` (its `mid` is `<hub>/item/<id>`)
   * and refuses a second time in the channel: what makes a repeated post safe. Give your own (a
   * queue job's id, a UUID you stored) to repeat a post safely across process restarts.
   * @default a random UUID, chosen by the SDK
   */
  message_id?: string;
  /** When the item was created (`Date` → UTC `YYYY-MM-DD HH:MM:SS`). @default now */
  created?: Date | string;
  /**
   * The id of the item to edit: makes the call an edit. An unknown id → `NotFoundError`; given but
   * not a positive integer → `ArgumentError` (the hub would publish a new post instead).
   */
  post_id?: number;
  /** The application or network name shown with the item (the document's `app`; sent as `source`). */
  app?: string;
  /** Same as `app`, under the name the hub really reads. */
  source?: string;
  /** Categories: a list, or a comma-separated string. */
  category?: readonly string[] | string;
  /** The page type for web pages, when not 0. */
  webpage?: number;
  /** The page name of a web page or design element. */
  pagetitle?: string;
  /** The mid of the layout of a design element. */
  layout_mid?: string;
  /** The permalink, when not the default (the document's `plink`; sent as `permalink`). */
  plink?: string;
  /** Same as `plink`, under the name the hub really reads. */
  permalink?: string;
  /** Activity-stream verb URI. */
  verb?: string;
  /** Activity-stream object type URI. */
  obj_type?: string;
}

/** A reply: the fields of a post, without `parent`, `parent_mid` or `post_id` (the item replied to says). */
export type ItemReplyParams = Omit<ItemUpdateParams, 'parent' | 'parent_mid' | 'post_id'>;

/**
 * What `items.reply` answers: any item shape (`StreamItem` and `ExportItem` by `message_id`,
 * `ItemRow` by `mid`), or a message id.
 */
export type ReplyTarget =
  | string
  | {
      /** The message id of a `StreamItem` or an `ExportItem`. */
      readonly message_id: string;
    }
  | {
      /** The message id of an `ItemRow`. */
      readonly mid: string;
    };
