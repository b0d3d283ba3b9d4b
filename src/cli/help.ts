import { HELP_OPTION, type OptionGroup, type OptionSpec } from './args.js';
import { type AnyCommand, type Command, PROGRAM } from './command.js';

/** `socialsite-sdk --help`: every command with its one-line summary. */
export function mainHelp(commands: readonly AnyCommand[]): string {
  const rows: [string, string][] = [
    ...commands.map((command): [string, string] => [command.name, command.summary]),
    ['help [COMMAND]', 'show this help, or the options of COMMAND'],
  ];
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...table(rows),
    '',
    'Options:',
    ...table([
      ['-h, --help', 'show this help'],
      ['--version', 'print the version of socialsite-sdk'],
    ]),
    '',
    `Run \`${PROGRAM} <command> --help\` for the options of a command.`,
    '',
  ].join('\n');
}

/** `socialsite-sdk COMMAND --help`: its usage, every option with its default, and its epilogue. */
export function commandHelp(command: Command): string {
  const groups: OptionGroup[] = [...command.optionGroups, { title: 'Other', options: [HELP_OPTION] }];
  const rows = groups.map((group) => group.options.map((option): [string, string] => optionRow(option)));
  const width = Math.max(...rows.flat().map(([left]) => left.length));
  const sections = groups.map((group, index) =>
    [`${group.title}:`, ...table(rows[index] ?? [], width)].join('\n'),
  );
  return [
    `Usage: ${PROGRAM} ${command.name} [options]`,
    '',
    command.description,
    '',
    sections.join('\n\n'),
    ...(command.epilogue === undefined ? [] : ['', command.epilogue]),
    '',
  ].join('\n');
}

function optionRow(option: OptionSpec): [string, string] {
  const names = `${option.short === undefined ? '    ' : `-${option.short}, `}--${option.name}`;
  const left = option.value === undefined ? names : `${names} ${option.value}`;
  const right =
    option.defaultText === undefined
      ? option.description
      : `${option.description} (default: ${option.defaultText})`;
  return [left, right];
}

/** Two aligned columns, indented by two spaces. */
function table(rows: readonly [string, string][], width = Math.max(...rows.map(([left]) => left.length))) {
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}
