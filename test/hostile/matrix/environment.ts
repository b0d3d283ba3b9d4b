import { afterAll, beforeAll } from 'vitest';
import { recordRealAnswers } from '../support/real-answers.js';
import { closedPort, ScriptedServer } from '../support/scripted-server.js';
import type { MatrixEnvironment } from './drive.js';

/** The scripted server, the real answers it replays and a closed port, for one test file. */
export function useMatrixEnvironment(): MatrixEnvironment {
  const env = {} as MatrixEnvironment;
  beforeAll(async () => {
    env.server = await ScriptedServer.start();
    env.answers = await recordRealAnswers();
    env.closedPort = await closedPort();
  });
  afterAll(() => env.server.close());
  return env;
}
