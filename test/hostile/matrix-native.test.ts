import { describeFaultMatrix } from './matrix/suite.js';

/** The fault matrix (matrix/cases.ts) for NativeClient: groups.list, items.update. */
describeFaultMatrix('NativeClient');
