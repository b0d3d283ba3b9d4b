/**
 * What identifies one version of a file on the hub. A chunk of another version must not be mixed
 * into a download, and a partial download of another version is worthless to resume.
 */
export interface RecordIdentity {
  hash: string;
  filesize: number;
  /** As sent (a number once validated; raw in `validation: 'off'`), as text. */
  revision: string;
  /** ISO 8601 once validated, the hub's text in `validation: 'off'`, or `''` when there is none. */
  edited: string;
}

/** The identity of a file record (`filesize` as the caller read it, where it checked it). */
export function recordIdentity(
  record: { hash?: unknown; filesize?: unknown; revision?: unknown; edited?: unknown },
  filesize = Number(record.filesize),
): RecordIdentity {
  const { hash, revision, edited } = record;
  return {
    hash: String(hash ?? ''),
    filesize,
    revision: String(revision ?? ''),
    edited: edited instanceof Date ? edited.toISOString() : String(edited ?? ''),
  };
}

/** The first field in which two identities differ, or `undefined` when they are the same version. */
export function changedField(a: RecordIdentity, b: RecordIdentity): keyof RecordIdentity | undefined {
  return (['hash', 'filesize', 'revision', 'edited'] as const).find((key) => a[key] !== b[key]);
}
