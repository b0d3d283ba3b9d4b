import { ApiError, type ApiErrorDetails } from '../core/errors/api-error.js';

/**
 * The `ApiError` code of a media post the hub stored without its file. The item IS stored (its id
 * is in the message and in `body.item_id`), so the error's `mayHaveSucceeded` is `true`.
 */
export const MEDIA_NOT_ATTACHED = 'media_not_attached';

/** What was uploaded with an `item/update`: its name and size, as the hub would see them. */
export interface SentMedia {
  name: string;
  size: number;
  /** The text sent with it: links it already had do not show the upload. */
  text?: string | undefined;
}

/**
 * Where a stored item shows an uploaded file: a photo, video or audio link in its text (8.8.7 puts
 * it after the text, 10.x before: it is looked for anywhere), or an entry of its `attach` list
 * (any other file) that kept some bytes. Seen on a live 8.8.7 (2M upload limit): a file over the
 * limit is stored with 0 bytes and listed in `attach` with `length: 0`, the text without a link.
 */
const MEDIA_LINK = /\[(?:zmg|img|zvideo|zaudio)[=\]]/gi;

/**
 * Whether `item/update`'s success answer shows the uploaded media. `false` only when the answer is
 * a readable item row that shows none: an answer of another shape is left to validation.
 */
export function answerShowsMedia(answer: unknown, media: SentMedia): boolean {
  const item = (answer as { item?: unknown } | null)?.item;
  if (typeof item !== 'object' || item === null || media.size === 0) return true;
  const { body, attach } = item as { body?: unknown; attach?: unknown };
  if (typeof body !== 'string') return true;
  if (links(body) > links(media.text ?? '')) return true;
  return attachments(attach).some((entry) => Number(entry?.length) > 0);
}

/**
 * The error of a media post whose answer shows no attachment: the hub stored the text without the
 * file (an upload over its `upload_max_filesize`, a failed store). Names the stored item, so the
 * caller can edit or delete it rather than post again.
 */
export function mediaNotAttached(answer: unknown, media: SentMedia, details: ApiErrorDetails): ApiError {
  const itemId = Number((answer as { item_id?: unknown }).item_id);
  const kept = attachments((answer as { item?: { attach?: unknown } }).item?.attach)[0]?.length;
  const keptText = kept === undefined ? 'no attachment' : `an attachment of ${Number(kept)} bytes`;
  return new ApiError(
    `${details.method} ${details.url} stored item ${itemId} without its media: the answer shows no link ` +
      `to "${media.name}" (${media.size} bytes sent) and ${keptText}. A file over the hub's ` +
      `upload_max_filesize is stored so (set serverLimits.uploadMaxFilesize to the hub's limit to ` +
      `refuse it before sending). The text is posted: edit it (post_id: ${itemId}) rather than post again`,
    { ...details, code: MEDIA_NOT_ATTACHED },
  );
}

function links(text: string): number {
  return text.match(MEDIA_LINK)?.length ?? 0;
}

/** The `attach` member of a row: JSON text (`""` when none) or, already decoded, a list. */
function attachments(attach: unknown): Array<{ length?: unknown } | undefined> {
  let list = attach;
  if (typeof attach === 'string') {
    try {
      list = attach.trim() === '' ? [] : JSON.parse(attach);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? (list as Array<{ length?: unknown } | undefined>) : [];
}

/** A media post's answer must show the file: else the error names the item stored without it. */
export function mediaCheck(media: Blob, text: unknown) {
  const name = media instanceof File && media.name !== '' ? media.name : 'media';
  const sent = { name, size: media.size, text: typeof text === 'string' ? text : undefined };
  return (answer: unknown, details: () => ApiErrorDetails) =>
    answerShowsMedia(answer, sent) ? undefined : mediaNotAttached(answer, sent, details());
}
