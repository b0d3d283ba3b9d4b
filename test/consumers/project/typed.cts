// TypeScript with `moduleResolution: node16`, CommonJS flavour: the `require` types (`.d.cts`).
import { ApiError, AppClient, type Notification, type PagePromise, SdkError } from 'socialsite-sdk';
import { fileFromPath } from 'socialsite-sdk/node';
import { createFakeSite } from 'socialsite-sdk/testing';

export function notifications(app: AppClient): PagePromise<Notification> {
  return app.notification.get();
}

export async function count(token: string): Promise<number> {
  const site = createFakeSite();
  const app = new AppClient({
    baseUrl: site.url,
    token,
    fetch: (input, init) => site.handler(new Request(input, init)),
  });
  try {
    return await app.mail.getNewCount();
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    if (error instanceof SdkError) return -1;
    throw error;
  } finally {
    // @ts-expect-error photo_name is required
    await app.photo.addPhoto({ photo: await fileFromPath('cat.jpg') }).catch(() => {});
  }
}
