// Calls the built bundles for real (ESM import and CommonJS require) against a loopback server:
// importing alone would not catch a bundle that loads but breaks when used (e.g. ky's CJS interop).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const TOKEN = 'smoke+token/with=signs';
const USER = {
  user_id: '7',
  user_name: 'jane',
  full_name: 'Jane Doe',
  joined: '1314110027',
  country_iso: 'US',
  gender: 'Female',
  email: null,
  photo_50px: 'x',
  photo_50px_square: 'x',
  photo_120px: 'x',
  photo_original: 'x',
  profile_url: 'x',
};

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (url.pathname === '/token.php' && url.searchParams.get('key') === 'smoke-key') {
    return response.end(JSON.stringify({ token: TOKEN }));
  }
  if (url.pathname === '/token.php') {
    const output = { error_id: 'api.unable_to_find_api_key', error_message: 'Unable to find API key.' };
    return response.end(JSON.stringify({ api: { total: 0, pages: 0, current_page: 0 }, output }));
  }
  if (url.pathname === '/api.php' && url.searchParams.get('token') === TOKEN) {
    return response.end(
      `\uFEFF${JSON.stringify({ api: { total: 0, pages: 0, current_page: 0 }, output: USER })}`,
    );
  }
  if (url.pathname === '/api/z/1.0/group') {
    if (request.headers.authorization !== `Basic ${btoa('alice:secret-pass')}`) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="hubzilla"' });
      return response.end('This api requires login');
    }
    response.setHeader('Content-Type', 'application/json');
    return response.end('[{"id":1,"hash":"h","uid":2,"visible":1,"deleted":0,"gname":"Friends"}]');
  }
  response.statusCode = 404;
  response.end('{"error":"not implemented"}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/`;

async function exerciseNode(label, nodeHelpers) {
  const file = await nodeHelpers.fileFromPath(new URL(import.meta.url).pathname);
  if (!(file instanceof Blob) || file.size === 0 || !(await file.text()).includes('exerciseNode')) {
    throw new Error(`${label}: fileFromPath gave ${file}`);
  }
  console.log(`${label}: ok (fileFromPath read ${file.size} bytes from disk)`);
}

async function exercise(label, sdk) {
  const app = await sdk.AppClient.fromKey('smoke-key', { baseUrl });
  const user = await app.user.getUser();
  if (user.user_id !== 7 || app.token !== TOKEN)
    throw new Error(`${label}: unexpected ${JSON.stringify(user)}`);
  const failure = await sdk.AppClient.fromKey('wrong-key', { baseUrl }).catch((error) => error);
  if (!(failure instanceof sdk.AuthenticationError))
    throw new Error(`${label}: expected AuthenticationError: ${failure}`);
  const hub = new sdk.NativeClient({ baseUrl, username: 'alice', password: 'secret-pass' });
  const [group] = await hub.groups.list();
  if (group?.gname !== 'Friends' || group.visible !== true)
    throw new Error(`${label}: unexpected group ${JSON.stringify(group)}`);
  const denied = await new sdk.NativeClient({ baseUrl, username: 'alice', password: 'nope' }).groups
    .list()
    .catch((e) => e);
  if (!(denied instanceof sdk.AuthenticationError))
    throw new Error(`${label}: expected AuthenticationError: ${denied}`);
  console.log(
    `${label}: ok (user ${user.user_id}, group ${group.gname}, AuthenticationError for bad key and password)`,
  );
}

let failed = false;
try {
  await exercise('ESM dist/index.js', await import('../dist/index.js'));
  await exercise('CJS dist/index.cjs', createRequire(import.meta.url)('../dist/index.cjs'));
  await exerciseNode('ESM dist/node.js', await import('../dist/node.js'));
  await exerciseNode('CJS dist/node.cjs', createRequire(import.meta.url)('../dist/node.cjs'));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  server.close();
}
process.exitCode = failed ? 1 : 0;
