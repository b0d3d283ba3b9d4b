// Calls the built bundles for real — ESM `import` and CommonJS `require` of every entry point, and
// the `socialsite-sdk fake-server` command — against loopback servers. Importing alone would not
// catch a bundle that loads but breaks when used (e.g. ky's CJS interop).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const packageVersion = require('../package.json').version;
const entries = ['index', 'node', 'testing', 'relay'];

async function exercise(label, load) {
  const [sdk, nodeHelpers, testing, relayEntry] = await Promise.all(entries.map(load));
  const server = await testing.startFakeServer();
  try {
    const app = await sdk.AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
    const friends = await app.friend.getFriends().toArray();
    const failure = await sdk.AppClient.fromKey('wrong-key', { baseUrl: server.appBaseUrl }).catch((e) => e);
    if (!(failure instanceof sdk.AuthenticationError))
      throw new Error(`${label}: expected AuthenticationError: ${failure}`);

    const { username, password } = server.credentials.channel;
    const hub = new sdk.NativeClient({ baseUrl: server.hubBaseUrl, username, password });
    const big = server.site.files.big;
    const blob = await hub.files.downloadBlob(big.file_id, { concurrency: 3 });
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())).toString(
      'hex',
    );
    if (digest !== big.sha256) throw new Error(`${label}: download sha256 ${digest} != ${big.sha256}`);

    // The relay's handler called in process, a client pointed at it with no credentials.
    const relay = relayEntry.createRelay({
      authorize: () => true,
      hub: { baseUrl: server.hubBaseUrl, username, password },
    });
    const relayed = new sdk.NativeClient({
      relay: 'http://relay.test/',
      fetch: (input, init) => relay(new Request(input, init)),
    });
    const groups = await relayed.groups.list();
    if (groups.length === 0) throw new Error(`${label}: no groups through the relay`);
    const refused = await relayed.channel.exportBasic().catch((e) => e);
    if (!(refused instanceof sdk.ApiError) || refused.code !== 'relay.forbidden')
      throw new Error(`${label}: expected relay.forbidden: ${refused}`);

    const file = await nodeHelpers.fileFromPath(new URL(import.meta.url).pathname);
    if (!(await file.text()).includes('exercise'))
      throw new Error(`${label}: fileFromPath read the wrong bytes`);
    console.log(
      `${label}: ok (${friends.length} friends, ${blob.size}-byte download byte-exact, fileFromPath, the relay, typed errors)`,
    );
  } finally {
    await server.close();
  }
}

/** `socialsite-sdk fake-server --port 0`: prints the URL, serves, stops on SIGINT with exit code 0. */
async function exerciseCli() {
  const child = spawn(process.execPath, ['dist/cli.js', 'fake-server', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`fake-server exited early (${code}): ${output}`)));
  });
  const answer = await fetch(`${url}api/z/1.0/version`);
  const version = await answer.json();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGINT');
  const code = await exited;
  if (typeof version !== 'string' || code !== 0)
    throw new Error(`fake-server CLI: version ${version}, exit ${code}`);
  console.log(
    `CLI dist/cli.js fake-server: ok (served ${url}, hub version ${version}, exit ${code} on SIGINT)`,
  );
}

/** `socialsite-sdk --version` (package.json bundled into dist/cli.js) and a bare call (help on stderr, exit 2). */
function exerciseCliBasics() {
  const version = spawnSync(process.execPath, ['dist/cli.js', '--version'], { encoding: 'utf8' });
  if (version.status !== 0 || version.stdout !== `${packageVersion}\n`)
    throw new Error(`--version: exit ${version.status}, printed ${JSON.stringify(version.stdout)}`);
  const bare = spawnSync(process.execPath, ['dist/cli.js'], { encoding: 'utf8' });
  if (bare.status !== 2 || bare.stdout !== '' || !bare.stderr.includes('fake-server'))
    throw new Error(`bare socialsite-sdk: exit ${bare.status}, stderr ${JSON.stringify(bare.stderr)}`);
  for (const command of ['backup', 'verify']) {
    const help = spawnSync(process.execPath, ['dist/cli.js', command, '--help'], { encoding: 'utf8' });
    if (help.status !== 0 || !help.stdout.startsWith(`Usage: socialsite-sdk ${command}`))
      throw new Error(
        `${command} --help: exit ${help.status}, printed ${JSON.stringify(help.stdout.slice(0, 80))}`,
      );
  }
  console.log(
    `CLI dist/cli.js: ok (--version ${packageVersion}, bare call exit 2 with the help, backup/verify --help)`,
  );
}

let failed = false;
try {
  await exercise('ESM', (name) => import(`../dist/${name}.js`));
  // What Node loads through the `node` condition: the bundled ESM (`testing` has no such build).
  await exercise(
    'ESM for Node (dist/node-esm)',
    (name) => import(name === 'testing' ? '../dist/testing.js' : `../dist/node-esm/${name}.js`),
  );
  await exercise('CJS', (name) => require(`../dist/${name}.cjs`));
  exerciseCliBasics();
  await exerciseCli();
} catch (error) {
  failed = true;
  console.error(error);
}
process.exitCode = failed ? 1 : 0;
