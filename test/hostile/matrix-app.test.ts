import { describeFaultMatrix } from './matrix/suite.js';

/** The fault matrix (matrix/cases.ts) for AppClient: user.getUser, AppClient.fromKey, photo.addPhoto. */
describeFaultMatrix('AppClient');
