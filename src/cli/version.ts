import { SDK_VERSION } from '../core/request/user-agent.js';

/** The version of socialsite-sdk (one constant, kept equal to package.json's by a test). */
export const VERSION: string = SDK_VERSION;
