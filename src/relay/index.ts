export { DEFAULT_APP_ALLOW, DEFAULT_HUB_ALLOW } from './allow-list.js';
export { createRelay } from './create-relay.js';
export { type NodeIncoming, type NodeOutgoing, toNodeHandler } from './node-handler.js';
export type {
  PerRequest,
  RelayAppOptions,
  RelayCall,
  RelayCorsOptions,
  RelayHandler,
  RelayHubOptions,
  RelayOptions,
} from './options.js';
export type { RelayErrorCode } from './relay-error.js';
