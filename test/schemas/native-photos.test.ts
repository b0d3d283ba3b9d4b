import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AlbumSchema, NativePhotoSchema, PhotoDetailSchema } from '../../src/schemas/index.js';
import { hubzillaJson } from '../support/fixtures.js';

const AlbumsAnswer = z.looseObject({ success: z.literal(true), albums: z.array(AlbumSchema) });
const PhotosAnswer = z.looseObject({ success: z.literal(true), photos: z.array(NativePhotoSchema) });

function firstPhotoRow(): Record<string, unknown> {
  const { photos } = hubzillaJson('61-photos-album_Vacation.txt') as { photos: Record<string, unknown>[] };
  return { ...photos[0] };
}

describe('AlbumSchema', () => {
  it('reads 60-albums-default.txt', () => {
    const { albums } = AlbumsAnswer.parse(hubzillaJson('60-albums-default.txt'));
    expect(albums.map((album) => album.text)).toEqual(['2026-11', 'Landscapes', 'Vacation']);
    const vacation = albums.find((album) => album.text === 'Vacation');
    expect(vacation).toMatchObject({
      total: 1,
      urlencode: 'Vacation',
      shorttext: 'Vacation',
      jstext: 'Vacation',
    });
    expect(vacation?.bin2hex).toBe('0185d394-ce61-4ae3-a605-73e4c37fc437');
  });

  it('reads a string total and rejects a missing one', () => {
    const { albums } = hubzillaJson('60-albums-default.txt') as { albums: Record<string, unknown>[] };
    const album = { ...albums[0] };
    expect(AlbumSchema.parse({ ...album, total: '3' }).total).toBe(3);
    const { total: _dropped, ...withoutTotal } = album;
    expect(AlbumSchema.safeParse(withoutTotal).success).toBe(false);
  });
});

describe('NativePhotoSchema', () => {
  it.each(['61-photos-album_Vacation.txt', '61b-photos-no_album.txt'])('reads every row of %s', (name) => {
    const { photos } = PhotosAnswer.parse(hubzillaJson(name));
    for (const photo of photos) {
      expect(typeof photo.height).toBe('number');
      expect(photo.created).toBeInstanceOf(Date);
    }
  });

  it('turns PostgreSQL numeric strings into numbers (61-photos-album_Vacation.txt)', () => {
    const { photos } = PhotosAnswer.parse(hubzillaJson('61-photos-album_Vacation.txt'));
    expect(photos.map((photo) => [photo.imgscale, photo.width, photo.height])).toEqual([
      [0, 800, 600],
      [1, 800, 600],
      [2, 640, 480],
      [3, 320, 240],
    ]);
    expect(photos[0]).toMatchObject({
      album: 'Vacation',
      filename: 'beach.jpg',
      filesize: 26315,
      photo_usage: 0,
    });
    expect(photos[0]?.src).toMatch(/^http:\/\/127\.0\.0\.1:8088\/photo\//);
    expect(photos[0]?.id).toBeUndefined();
  });

  it('rejects a non-numeric width, a garbage date, a missing resource_id', () => {
    const row = firstPhotoRow();
    expect(NativePhotoSchema.safeParse({ ...row, width: 'wide' }).success).toBe(false);
    expect(NativePhotoSchema.safeParse({ ...row, created: 'today' }).success).toBe(false);
    const { resource_id: _dropped, ...withoutResource } = row;
    expect(NativePhotoSchema.safeParse(withoutResource).success).toBe(false);
  });
});

describe('PhotoDetailSchema', () => {
  it.each([
    '62-photo-photo_id_default_scale.txt',
    '62b-photo-photo_id_scale2.txt',
    '62f-photo-media_upload_photo.txt',
  ])('reads %s, content and item included', (name) => {
    const detail = PhotoDetailSchema.parse(hubzillaJson(name));
    const bytes = Buffer.from(detail.photo.content, 'base64');
    expect(bytes.byteLength).toBe(detail.photo.filesize);
    // JPEG start-of-image marker: the content is the image itself.
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(detail.item?.[0]?.resource_type).toBe('photo');
  });

  it('normalizes the full photo row (62-photo-photo_id_default_scale.txt)', () => {
    const { photo, item } = PhotoDetailSchema.parse(hubzillaJson('62-photo-photo_id_default_scale.txt'));
    expect(photo).toMatchObject({
      id: 5,
      aid: 1,
      uid: 2,
      imgscale: 0,
      profile: false,
      is_nsfw: false,
      os_storage: true,
      photo_flags: 0,
    });
    expect(photo.expires).toEqual(new Date(Date.UTC(2026, 10, 23, 2, 53, 1)));
    expect(item?.[0]).toMatchObject({ item_hidden: true, item_thread_top: true });
    expect(item?.[0]?.expires).toBeNull();
  });

  it('requires the photo content', () => {
    const answer = hubzillaJson('62-photo-photo_id_default_scale.txt') as { photo: Record<string, unknown> };
    const { content: _dropped, ...withoutContent } = answer.photo;
    expect(PhotoDetailSchema.safeParse({ ...answer, photo: withoutContent }).success).toBe(false);
  });
});
