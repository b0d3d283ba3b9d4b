// Preloaded (`node --require`) into a probed process: prints the process's CPU time (user + system,
// all threads, from its start) to stderr when it exits, for bench/cold-start.ts.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\ncpu-ms ${(user + system) / 1000}\n`);
});
