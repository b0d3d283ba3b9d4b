/** How the commands write: a live line on a terminal, plain lines otherwise, or JSON lines. */
export type OutputMode = 'tty' | 'plain' | 'json';

/**
 * One status line redrawn in place (carriage return, erase line), with ordinary lines printed above
 * it. Nothing but `write` is used, so tests can read what a terminal would receive.
 */
export class LiveLine {
  readonly #write: (text: string) => void;
  readonly #columns: number;
  #shown = false;

  constructor(write: (text: string) => void, columns = 80) {
    this.#write = write;
    this.#columns = Math.max(20, columns);
  }

  /** Replaces the status line. */
  draw(text: string): void {
    this.#write(`\r\x1b[2K${truncated(text, this.#columns - 1)}`);
    this.#shown = true;
  }

  /** Prints a line above the status line (which is redrawn by the next `draw`). */
  print(text: string): void {
    this.clear();
    this.#write(`${text}\n`);
  }

  clear(): void {
    if (!this.#shown) return;
    this.#write('\r\x1b[2K');
    this.#shown = false;
  }
}

/** Bytes per second over the last few seconds (a moving window of samples). */
export class SpeedMeter {
  readonly #windowMs: number;
  readonly #samples: { at: number; bytes: number }[] = [];

  constructor(windowMs = 5000) {
    this.#windowMs = windowMs;
  }

  /** Records the running total `bytes` at `at` (ms) and returns the speed, once measurable. */
  sample(bytes: number, at: number): number | undefined {
    this.#samples.push({ at, bytes });
    while (this.#samples.length > 2 && at - (this.#samples[0]?.at ?? at) > this.#windowMs)
      this.#samples.shift();
    const first = this.#samples[0];
    if (!first || at - first.at < 500) return undefined;
    return ((bytes - first.bytes) * 1000) / (at - first.at);
  }
}

/** `1.5 MiB`, `512 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** `0.4 s` under a minute, else `1:05`, `1:02:03`. */
export function formatElapsed(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : formatDuration(ms);
}

/** `0:05`, `1:02:03`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

function truncated(text: string, columns: number): string {
  return text.length <= columns ? text : `${text.slice(0, Math.max(0, columns - 1))}…`;
}
