/** `npm run example -- NAME`: runs examples/NAME.ts (against the fake site unless env vars say otherwise). */
import { readdirSync } from 'node:fs';

const names = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -3));
const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run example -- NAME\nexamples: ${names.join(', ')}`);
  process.exit(name ? 1 : 0);
}
process.argv.splice(2, 1);
await import(`./${name}.ts`);
