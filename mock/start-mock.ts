// startMock: the mock server from code (a test's globalSetup, a dev script), on a port of its own.
// `control` drives the same world in process, without HTTP; close() frees the port.
import type { MockControl } from '../client/mock-control.js';
import { envOf, scenarioOf, type MockOptions } from './options.js';
import { serve } from './server.js';

export interface StartMockOptions extends MockOptions {
  /** Default 4010 (the contract's local mock server); 0 takes a free port. */
  port?: number;
  /** Default 127.0.0.1. Another interface needs `controlToken`. */
  host?: string;
}

export interface RunningMock {
  /** The API's base URL, e.g. http://127.0.0.1:4010/v2. */
  url: string;
  control: MockControl;
  close(): Promise<void>;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const server = await serve({
    env: envOf(options),
    scenario: scenarioOf(options),
    log: options.log ?? (() => {}),
  });
  return { url: server.url, control: server.core.control, close: server.close };
}
