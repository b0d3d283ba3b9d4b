import { afterAll, beforeAll, vi } from 'vitest';

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** Everything written through `console` or `process.emitWarning` while the suite runs (and nothing printed). */
export function captureLogOutput(): { text(): string } {
  const lines: string[] = [];
  beforeAll(() => {
    for (const method of METHODS)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      lines.push(String(warning));
    });
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
  return { text: () => lines.join('\n') };
}
