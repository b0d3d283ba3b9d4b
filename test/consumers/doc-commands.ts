import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The commands a user types: every fenced ```sh block of what the package ships for reading
 * (README.md, docs/*.md) and of the header comment of each example (examples/*.ts), read from the
 * INSTALLED package. A new command in a shipped document is run by doc-commands.test.ts without
 * anyone listing it.
 *
 * Markers after ```sh (invisible on GitHub and npm):
 * - ```sh real-site: the commands need a real site; the test runs them against the fake server,
 *   its address and logins put in place of the placeholders (https://hub.example,
 *   https://site.example, `HUB_PASSWORD=...`, `APP_KEY=...`, `--user alice`: see `realSite`).
 * - ```sh clone: commands for a clone of the repository (the two at the top of README.md), run by
 *   the repository's own tests and CI; nowhere else.
 * Other fences (```console for third-party tools, ```text for synopses) are not run.
 */

/** One block of commands. */
export interface CommandBlock {
  /** `README.md:10` or `examples/reply-bot.ts:9`. */
  origin: string;
  /** The commands, a line each (`\` continuations joined). */
  commands: string[];
  realSite: boolean;
  clone: boolean;
}

/** Every ```sh block of a Markdown text (or a comment's text), with its line. */
export function shellBlocks(file: string, text: string, firstLine = 1): CommandBlock[] {
  const blocks: CommandBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (open[1] === 'sh') {
      const words = open[2]?.split(/\s+/) ?? [];
      blocks.push({
        origin: `${file}:${i + firstLine}`,
        commands: joinContinuations(lines.slice(i + 1, end)),
        realSite: words.includes('real-site'),
        clone: words.includes('clone'),
      });
    }
    i = end;
  }
  return blocks;
}

function joinContinuations(lines: string[]): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const line of lines) {
    if (line.trimEnd().endsWith('\\')) {
      pending += `${line.trimEnd().slice(0, -1)} `;
      continue;
    }
    const command = `${pending}${line}`.trim();
    pending = '';
    if (command !== '' && !command.startsWith('#')) commands.push(command);
  }
  return commands;
}

/** The header comment of an example (its first `/** … *\/`), as text, and the line it starts on. */
export function exampleHeader(source: string): { text: string; line: number } {
  const match = /^\/\*\*([\s\S]*?)\*\//.exec(source);
  const text = (match?.[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n');
  return { text, line: 1 };
}

/** Every command block the installed package `pkg` (its folder) ships, in reading order. */
export function shippedCommandBlocks(pkg: string): CommandBlock[] {
  const docs = readdirSync(path.join(pkg, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  const markdown = ['README.md', ...docs].flatMap((file) =>
    shellBlocks(file, readFileSync(path.join(pkg, file), 'utf8')),
  );
  const examples = readdirSync(path.join(pkg, 'examples'))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .flatMap((name) => {
      const { text, line } = exampleHeader(readFileSync(path.join(pkg, 'examples', name), 'utf8'));
      return shellBlocks(`examples/${name}`, text, line);
    });
  return [...markdown, ...examples];
}

/** What stands for a real site in the documents, and what the fake's banner gave for it. */
export interface FakeSiteLogins {
  /** The site root, `http://127.0.0.1:PORT/`. */
  url: string;
  appKey: string;
  username: string;
  password: string;
}

/** The placeholders of a ```sh real-site command, each a pattern and what replaces it. */
export function realSite(command: string, fake: FakeSiteLogins): string {
  const root = fake.url.replace(/\/$/, '');
  const placeholder = String.raw`(?:\.\.\.|…|'…'|'\.\.\.')`;
  const values: Record<string, string> = {
    HUB_BASE_URL: root,
    HUB_USER: fake.username,
    HUB_PASSWORD: fake.password,
    APP_BASE_URL: root,
    APP_KEY: fake.appKey,
  };
  let result = command
    .replace(/https:\/\/(?:hub|site)\.example\b/g, root)
    .replace(/--user alice\b/g, `--user ${fake.username}`);
  for (const [name, value] of Object.entries(values)) {
    result = result.replace(new RegExp(`\\b${name}=${placeholder}(?=\\s|$)`, 'g'), `${name}='${value}'`);
  }
  return result;
}

/** What a command left unreplaced that only a real site has (a check for a missing marker). */
export function needsRealSite(command: string): boolean {
  return /https?:\/\/[\w.-]*\.example\b|=(?:\.\.\.|…|'…')(?:\s|$)/.test(command);
}

/** `npx socialsite-sdk fake-server [options]`: a server that runs until Ctrl-C. */
export function startsFakeServer(command: string): boolean {
  const match = /^npx socialsite-sdk fake-server(?:\s+(.*))?$/.exec(command.replace(/\s+#.*$/, ''));
  if (!match) return false;
  const args = match[1] ?? '';
  return !/(^|\s)(--help|-h)(\s|$)/.test(args) && (args === '' || args.startsWith('-'));
}

/** `npm install a b` / `npm i -D a`: the packages it names, or `undefined` for another command. */
export function installedPackages(command: string): string[] | undefined {
  const match = /^npm (?:install|i|add)\b(.*)$/.exec(command.replace(/\s+#.*$/, ''));
  if (!match) return undefined;
  return (match[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !word.startsWith('-'))
    .map((spec) => spec.replace(/(.)@[^/]*$/, '$1'));
}
