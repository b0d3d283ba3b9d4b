/** `socialsite-sdk backup --help`: its own module, so the CLI's help does not load the backup (issue 32). */
export const BACKUP_USAGE = `Usage: socialsite-sdk backup --hub URL (--user NAME | --client-id ID | --key-id ID --private-key FILE) [options]

Backs up a Hubzilla channel into a folder: the channel export (channel-export.json), every file of
its cloud storage in its folder tree (files/...), and manifest.json. Run it again to fetch only what
is new or changed on the hub, and to continue an interrupted run where it stopped.

Signing in (secrets are never taken from the command line):
  --user NAME            channel nickname or account e-mail; the password from HUB_PASSWORD, else
                         typed at a prompt (not shown) when the input is a terminal
  --client-id ID         an OAuth 2.0 client of the channel; the secret from HUB_CLIENT_SECRET
  --key-id ID            HTTP Signatures: the key id (acct:nick@host), with
  --private-key FILE     the channel's private key (PEM)
                         without any of these: the access token in HUB_ACCESS_TOKEN

What and where:
  --hub URL              the hub's base URL (required)
  --channel NICK         another channel of the account (default: the account's default channel)
  --out DIR              the backup folder (default: ./<channel or user>-backup)
  --sections LIST        export sections, comma-separated (default: channel,connections,config,apps;
                         also profile, chatrooms, events, webpages, wikis, items)
  --posts                export the posts too (adds the items section)
  --no-export            back up the files only
  --prune                delete the local copies of files gone from the hub (default: keep them)

How:
  --concurrency N        files downloaded at once (default: 3)
  --chunk-concurrency N  chunk requests in flight per file (default: 2)
  --chunk-size BYTES     bytes per chunk request, e.g. 256k or 1m (default: 1m)
  --retries N            retries of a failed request, Retry-After honoured (default: 4)
  --timeout MS           time allowed for one request attempt, in ms (default: 30000)
  --allow-insecure-http  allow plain http:// to a host other than localhost
  --json                 one JSON object per line: the events, then a summary
  -h, --help             this help

Exit codes: 0 complete; 1 failed, nothing usable; 2 bad arguments; 3 partial, some files failed
(run again to continue); 4 the hub refused the credentials; 130 interrupted (run again to continue).
`;
