/** Readable demo output: section titles, key/value lines, and a progress bar that degrades to lines off a TTY. */

const tty = Boolean(process.stdout.isTTY);
const bold = (text: string) => (tty ? `\x1b[1m${text}\x1b[0m` : text);
const dim = (text: string) => (tty ? `\x1b[2m${text}\x1b[0m` : text);
const green = (text: string) => (tty ? `\x1b[32m${text}\x1b[0m` : text);

export function section(title: string): void {
  console.log(`\n${bold(`▸ ${title}`)}`);
}

export function line(label: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  console.log(`  ${label.padEnd(24)} ${text}`);
}

export function ok(text: string): void {
  console.log(`  ${green('✓')} ${text}`);
}

export function note(text: string): void {
  console.log(`  ${dim(text)}`);
}

const MIB = 1024 * 1024;
const BAR_WIDTH = 30;

/** A progress reporter for `onProgress`: a live bar on a terminal, a line per quarter otherwise. */
export function progressBar(label: string): {
  update(progress: { loaded: number; total: number }): void;
  done(): void;
} {
  let lastQuarter = -1;
  return {
    update({ loaded, total }) {
      const fraction = total === 0 ? 1 : loaded / total;
      const figures = `${(loaded / MIB).toFixed(1)}/${(total / MIB).toFixed(1)} MiB`;
      if (tty) {
        const filled = Math.round(fraction * BAR_WIDTH);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
        process.stdout.write(
          `\r  ${label} ${bar} ${String(Math.round(fraction * 100)).padStart(3)}% ${figures}`,
        );
        return;
      }
      const quarter = Math.floor(fraction * 4);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        console.log(`  ${label} ${Math.round(fraction * 100)}% ${figures}`);
      }
    },
    done() {
      if (tty) process.stdout.write('\n');
    },
  };
}
