import type { HubCall } from './endpoint.js';
import { memberJoined } from './records.js';
import { emptyJson, json } from './reply.js';

/** group: the channel's privacy groups, deleted ones included. */
export function group(call: HubCall): Response {
  return json(call.runtime.hub.groups.filter((g) => g.uid === call.channel.channel_id));
}

/**
 * group_members: by `group_id`, else `group_name` (exact, case-sensitive). Unknown group or no
 * parameter: an empty 200; a deleted or empty group: `[]`.
 */
export function groupMembers(call: HubCall): Response {
  const { hub } = call.runtime;
  const uid = call.channel.channel_id;
  const mine = hub.groups.filter((g) => g.uid === uid);
  const found = call.params.has('group_id')
    ? mine.find((g) => g.id === call.params.int('group_id'))
    : call.params.has('group_name')
      ? mine.find((g) => g.gname === call.params.get('group_name'))
      : undefined;
  if (!found) return emptyJson();
  if (found.deleted === '1') return json([]);
  const rows = hub.members
    .filter((member) => member.gid === found.id)
    .map((member) =>
      memberJoined(
        member,
        hub.abooks.find((a) => a.abook_channel === uid && a.abook_xchan === member.xchan),
        hub.xchans.find((x) => x.hash === member.xchan),
      ),
    );
  return json(rows);
}
