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
  if (url.pathname === '/api/z/1.0/version') {
    return response.end('"8.8.7"');
  }
  response.statusCode = 404;
  response.end('{"error":"not implemented"}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/`;

async function exercise(label, sdk) {
  const app = await sdk.AppClient.fromKey('smoke-key', { baseUrl });
  const user = await app.user.getUser();
  if (user.user_id !== 7 || app.token !== TOKEN)
    throw new Error(`${label}: unexpected ${JSON.stringify(user)}`);
  const failure = await sdk.AppClient.fromKey('wrong-key', { baseUrl }).catch((error) => error);
  if (!(failure instanceof sdk.AuthenticationError)) throw new Error(`${label}: expected AuthenticationError: ${failure}`);
  console.log(`${label}: ok (user ${user.user_id}, ${failure.name} for a bad key)`);
}

let failed = false;
try {
  await exercise('ESM dist/index.js', await import('../dist/index.js'));
  await exercise('CJS dist/index.cjs', createRequire(import.meta.url)('../dist/index.cjs'));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  server.close();
}
process.exitCode = failed ? 1 : 0;
