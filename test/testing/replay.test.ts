import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { listHubzillaFixtures, loadHubzillaFixture } from '../support/fixtures.js';
import { shape } from './helpers.js';
import { replayRequest } from './replay.js';

/** Recordings that cannot be replayed as they are, and why. */
const SKIPPED: Record<string, string> = {
  '07a-auth-cookie_first_login': 'cookie jar sequence (native-auth.test.ts)',
  '07b-auth-cookie_reuse_no_auth_header': 'cookie jar sequence (native-auth.test.ts)',
  '07c-auth-cookie_reuse_wrong_password': 'cookie jar sequence (native-auth.test.ts)',
  '07d-auth-cookie_reuse_other_user_creds': 'cookie jar sequence (native-auth.test.ts)',
  '19b-network_stream-start3_records3': "its first thread is one of bob's in the recording, alice's here",
  '55b-filedata-file_id_prefix_1char':
    'which record a 1-character prefix hits depends on the data (native-files.test.ts)',
  '42-item_update-comment_via_parent': "the recorded hub's item ids (native-items.test.ts)",
  '43-item_update-edit_via_post_id': "the recorded hub's item ids (native-items.test.ts)",
  '44-item_update-with_media_upload': 'uploads a local file (native-items.test.ts)',
  '49-item_update-dropitems_deletes': "the recorded hub's item ids (native-items.test.ts)",
  '49d-item_update-edit_other_channels_post': "the recorded hub's item ids (native-items.test.ts)",
  '49f-item_update-group_allow_string': "the recorded hub's group hash (native-items.test.ts)",
  '49g-item_update-contact_allow_array': 'checked in native-items.test.ts',
  '62f-photo-media_upload_photo': 'a photo uploaded by an earlier recording',
  '82-item_full-item_id': "the recorded hub's item ids (native-items.test.ts)",
  '83-item_full-mid': "the recorded hub's message ids (native-items.test.ts)",
  '84-item_full-comment_item_id': "the recorded hub's item ids (native-items.test.ts)",
  '84d-item_full-other_channels_item': "the recorded hub's item ids",
  '84e-item_full-bobs_post_in_alice_stream': "the recorded hub's item ids",
  '95b-network_stream-cid_with_uid':
    'which optional members the first item has depends on the data (native-live-lessons.test.ts checks the filter)',
  '96b-channel_export_basic-sections_config_items':
    'which optional members the first item has depends on the data (native-data.test.ts)',
  '93-item_export_page-default': 'item/export_page is not part of the fake',
  '93b-item_export_page-page1_records2': 'item/export_page is not part of the fake',
  '94-file_export_page-default': 'file/export_page is not part of the fake',
  '94b-file_export_page-records2': 'file/export_page is not part of the fake',
};

const names = listHubzillaFixtures().map((file) => file.replace(/\.txt$/, ''));

describe('replaying the recorded Hubzilla 8.8.7 exchanges against the fake', () => {
  it.each(names.filter((name) => !(name in SKIPPED)))(
    '%s: same status, content type and body shape',
    async (name) => {
      const site = createFakeSite();
      const recorded = loadHubzillaFixture(name);
      const response = await site.handler(replayRequest(site, recorded.request));
      const body = await response.text();
      expect(response.status).toBe(recorded.status);
      const contentType = recorded.headers.find(([header]) => header.toLowerCase() === 'content-type')?.[1];
      expect(response.headers.get('content-type')).toBe(contentType ?? null);
      const cookies = recorded.headers.filter(([header]) => header.toLowerCase() === 'set-cookie').length;
      expect(response.headers.getSetCookie()).toHaveLength(cookies);
      if (!contentType?.includes('json') || recorded.body === '') {
        expect(body).toBe(recorded.body);
      } else {
        expect(shape(JSON.parse(body))).toEqual(shape(JSON.parse(recorded.body)));
      }
    },
  );
});
