import type { AppState } from './app/app-state.js';
import type { Faults } from './faults.js';
import type { HubState } from './native/hub-state.js';
import type { ResolvedOptions } from './options.js';
import type { Prng } from './seed/prng.js';

/** The live site that the handlers work on: options, data, faults, and a random stream for new ids. */
export interface Runtime {
  options: ResolvedOptions;
  app: AppState;
  hub: HubState;
  faults: Faults;
  /** New tokens, session ids and hashes come from here, after the seeded data. */
  prng: Prng;
  /**
   * The ids of what `site.addItem`, `addNotification` and `trickle` add: a stream of its own, so
   * the same calls give the same items whatever requests ran in between.
   */
  arrivals: Prng;
}
