import { NativeClient } from '../../../src/index.js';

/*
 * A second process for the retry tests: posts once, without retries, with the message id it is
 * given, and prints what happened as one JSON line. `node post-once.ts <baseUrl> <messageId> <body>`.
 */
const [baseUrl, messageId, body] = process.argv.slice(2);
const hub = new NativeClient({
  baseUrl: baseUrl ?? '',
  username: 'alice',
  password: 'secret-pass',
  retry: 0,
});
try {
  const answer = await hub.items.update({ body: body ?? '', message_id: messageId ?? '' });
  console.log(JSON.stringify({ answer }));
} catch (error) {
  const { name, mayHaveSucceeded } = error as { name: string; mayHaveSucceeded: boolean };
  console.log(JSON.stringify({ error: { name, mayHaveSucceeded } }));
}
