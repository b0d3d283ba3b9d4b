// The phpFox iframe app's page: the key phpFox put in the iframe's URL was exchanged on the app's
// server, whose relay holds this user's token. The page only names the relay.
import { AppClient } from 'socialsite-sdk';

const results = document.querySelector('#results');

function show(step, text, isError = false) {
  const item = document.createElement('li');
  item.dataset.step = step;
  item.textContent = text;
  if (isError) item.className = 'error';
  results.append(item);
}

document.body.dataset.status = 'running';
try {
  const app = new AppClient({ relay: '/social/' });
  const me = await app.user.getUser();
  show('user', `Hello ${me.full_name}`);
  show('mail', `${await app.mail.getNewCount()} new messages`);
  const friends = await app.friend.getFriends().toArray({ limit: 5 });
  show('friends', `Some friends: ${friends.map((friend) => friend.full_name).join(', ')}`);
  document.body.dataset.status = 'done';
} catch (error) {
  show('failure', `${error.name}: ${error.message}`, true);
  document.body.dataset.status = 'failed';
}
