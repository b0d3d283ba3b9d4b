/** What a hidden prompt reads from: `process.stdin` on a terminal, or a test double. */
export interface PromptInput {
  isTTY?: boolean | undefined;
  setRawMode?: ((raw: boolean) => unknown) | undefined;
  on(event: 'data', listener: (chunk: string | Uint8Array) => void): unknown;
  off(event: 'data', listener: (chunk: string | Uint8Array) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

/**
 * Asks for a secret on a terminal without echoing it: raw mode, one character at a time, Backspace
 * erases, Enter ends, Ctrl-C or `signal` cancels (resolves `undefined`), Ctrl-D ends the input.
 */
export function promptHidden(
  question: string,
  input: PromptInput,
  write: (text: string) => void,
  signal?: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let answer = '';
    const decoder = new TextDecoder();
    const finish = (value: string | undefined) => {
      input.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
      input.setRawMode?.(false);
      input.pause();
      write('\n');
      resolve(value);
    };
    const onAbort = () => finish(undefined);
    const onData = (chunk: string | Uint8Array) => {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      for (const char of text) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(answer);
        if (char === '\u0003') return finish(undefined);
        if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
        else if (char >= ' ') answer += char;
      }
    };
    write(question);
    if (signal?.aborted) return finish(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    input.setRawMode?.(true);
    input.on('data', onData);
    input.resume();
  });
}
