import { cpus, totalmem } from 'node:os';

/** The machine a run was measured on, for the report. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `${cores.length} cores, ${model}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version} (${process.platform} ${process.arch})`;
}
