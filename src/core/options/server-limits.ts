/**
 * PHP's request limits, as the site's php.ini sets them (see `ClientOptions.serverLimits`); what
 * each does when a request goes past it is in `request/php-limits.ts`.
 */
export interface ServerLimits {
  /**
   * `max_input_vars`: how many fields PHP keeps, per superglobal (the query's `$_GET` and the
   * body's `$_POST` counted apart). Each field counts, and each `name[]` entry of a list.
   * @default 1000
   */
  maxInputVars?: number;
  /**
   * `max_input_nesting_level`: how many `[key]` groups a field name may have; a deeper one is
   * dropped with the variable it would go into.
   * @default 64
   */
  maxNesting?: number;
  /**
   * `post_max_size`, in bytes: a request body over it reaches the application with no fields and no
   * files at all.
   * @default 8388608 (PHP's `8M`)
   */
  postMaxSize?: number;
  /**
   * `upload_max_filesize`, in bytes: a file over it arrives as an upload error, without its content.
   * @default 2097152 (PHP's `2M`)
   */
  uploadMaxFilesize?: number;
  /**
   * `max_file_uploads`: how many files one request may carry; the ones past it are dropped.
   * @default 20
   */
  maxFileUploads?: number;
}
