/**
 * `npm test`: every check of the project, each step started as soon as what it needs is done and a
 * core is free, instead of one after another. The steps are the npm scripts of the same names; each
 * one's output is printed whole when it ends (vitest's as it runs), then a table of the times.
 *
 * Why: tsc, typedoc and tsup's declaration build each keep ONE core busy, so on CI's 2 cores one
 * after another left a core idle most of the time. Measured on a loaded 2-core machine (see
 * .ci/run's closing table for a run's own figures).
 *
 * `typedoc` runs with `--skipErrorChecking` here: `typecheck` in the same run checks the same
 * program (and more: tests, scripts), and typedoc's own check was a third of its time. `npm run docs`
 * alone still checks. Exit status 1 if any step failed; a step whose inputs failed is not run.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(repo, 'node_modules/.bin', name);

/**
 * The steps, in the order they are started when they may: what most steps wait for first, then
 * the longest, so the short ones fill the gaps. `after`: the steps they need (not run if one
 * failed); `waitFor`: steps that must only have ended; `live` streams its output (the long one, run last).
 */
const STEPS = [
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'docs', command: [bin('typedoc'), '--skipErrorChecking'] },
  { name: 'lint', command: [bin('biome'), 'check', '--error-on-warnings', '.'] },
  { name: 'check:package', command: ['npm', 'run', 'check:package', '--silent'], after: ['build'] },
  { name: 'smoke', command: ['npm', 'run', 'smoke', '--silent'], after: ['build'] },
  { name: 'size', command: ['npm', 'run', 'size', '--silent'], after: ['build'] },
  {
    name: 'vitest',
    // vitest's default is one worker fewer than the cores: ONE on CI's two, which left a core
    // idle through the longest step. On CI, one a core (the tests wait on loopback I/O and child
    // processes much of the time).
    command: [bin('vitest'), 'run', ...(process.env.CI ? [`--maxWorkers=${availableParallelism()}`] : [])],
    after: ['build'],
    // Started when the other steps have ended (passed or not): its timing-sensitive cases and its
    // workers should have the CPU to themselves.
    waitFor: ['lint', 'typecheck', 'docs', 'smoke', 'check:package', 'size'],
    live: true,
  },
];
const slots = Math.max(2, availableParallelism());

const state = new Map(STEPS.map((step) => [step.name, { status: 'waiting', seconds: 0 }]));
const started = Date.now();
let running = 0;

/** Whether a step has ended (passed, failed or skipped). */
const ended = (entry) => !['waiting', 'running'].includes(entry.status);

function ready(step) {
  return (
    (step.after ?? []).every((name) => state.get(name).status === 'passed') &&
    (step.waitFor ?? []).every((name) => ended(state.get(name)))
  );
}
function blocked(step) {
  return (step.after ?? []).some((name) => ['failed', 'skipped'].includes(state.get(name).status));
}

function run(step) {
  const entry = state.get(step.name);
  entry.status = 'running';
  running++;
  const begin = Date.now();
  console.log(`── ${step.name}: started`);
  const [command, ...args] = step.command;
  const child = spawn(command, args, {
    cwd: repo,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((done) => {
    const finish = (code) => {
      entry.seconds = (Date.now() - begin) / 1000;
      entry.status = code === 0 ? 'passed' : 'failed';
      running--;
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(
        `── ${step.name}: ${entry.status} in ${entry.seconds.toFixed(1)} s${text ? '' : ' (no output)'}`,
      );
      if (text) console.log(text);
      done();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(1);
    });
    child.on('close', finish);
  });
}

await new Promise((allDone) => {
  const schedule = () => {
    for (const step of STEPS) {
      const entry = state.get(step.name);
      if (entry.status !== 'waiting') continue;
      if (blocked(step)) {
        entry.status = 'skipped';
        continue;
      }
      if (running >= slots || !ready(step)) continue;
      run(step).then(schedule);
    }
    if ([...state.values()].every(ended)) allDone();
  };
  schedule();
});

const total = (Date.now() - started) / 1000;
console.log(`\nnpm test, step times (${slots} at a time):`);
for (const step of STEPS) {
  const { status, seconds } = state.get(step.name);
  console.log(`  ${step.name.padEnd(14)} ${status.padEnd(8)} ${seconds.toFixed(1).padStart(7)} s`);
}
console.log(`  ${'total'.padEnd(14)} ${''.padEnd(8)} ${total.toFixed(1).padStart(7)} s`);
process.exitCode = [...state.values()].every((entry) => entry.status === 'passed') ? 0 : 1;
