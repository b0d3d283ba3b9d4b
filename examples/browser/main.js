// The browser example: both clients from a page, with the ESM build loaded through the import map
// in index.html. The page holds no token, key or password: it calls the relay that its own server
// mounts at /social/ (see app-server.ts), which adds them on the server. `?run` runs at once.
import { AppClient, NativeClient, NotFoundError } from 'socialsite-sdk';

const form = document.querySelector('#connect');
const results = document.querySelector('#results');

/** Adds one line of results; `data-step` lets a test find it. */
function show(step, text, isError = false) {
  const item = document.createElement('li');
  item.dataset.step = step;
  item.textContent = text;
  if (isError) item.className = 'error';
  results.append(item);
}

async function run(values, photo) {
  // The relay's URL instead of the site and its credentials; nothing else changes.
  const app = new AppClient({ relay: values.relay });
  const me = await app.user.getUser();
  show('user', `Signed in to the Application API as ${me.full_name} (user ${me.user_id})`);

  let friends = 0;
  for await (const _friend of app.friend.getFriends()) friends++;
  show('friends', `${friends} friends (for await over every page)`);

  if (photo) {
    const uploaded = await app.photo.addPhoto({ photo, photo_name: photo.name });
    show('upload', `Uploaded ${photo.name}: ${uploaded.photo_original}`);
  }

  const hub = new NativeClient({ relay: values.relay });
  const files = (await hub.files.list().toArray()).filter((file) => !file.is_dir);
  show('files', `${files.length} files in the channel: ${files.map((file) => file.filename).join(', ')}`);

  const notes = files.find((file) => file.filetype.startsWith('text/'));
  if (notes) {
    const blob = await hub.files.downloadBlob(notes.hash);
    show('download', `${notes.filename} (${blob.size} bytes): ${await blob.text()}`);
  }

  try {
    await hub.xchan.get({ address: 'nobody@nowhere.example' });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    show('error', `An unknown identity is a typed error: ${error.name}`);
  }
}

async function start(values, photo) {
  results.replaceChildren();
  document.body.dataset.status = 'running';
  try {
    await run(values, photo);
    document.body.dataset.status = 'done';
  } catch (error) {
    show('failure', `${error.name}: ${error.message}`, true);
    document.body.dataset.status = 'failed';
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const photo = data.get('photo');
  start(Object.fromEntries(data), photo instanceof File && photo.size > 0 ? photo : undefined);
});

const query = new URLSearchParams(location.search);
if (query.has('relay')) form.elements.relay.value = query.get('relay');
if (query.has('run')) form.requestSubmit();
