// The video-api-v2-mock package's main entry: the mock server from code. The MSW handlers are the
// package's `./msw` entry (mock/msw.ts), the command is `video-api-mock` (mock/bin.ts).
export { startMock, type RunningMock, type StartMockOptions } from './start-mock.js';
export type { MockOptions } from './options.js';
export type { MockControl, MockControlHelpers } from '../client/mock-control.js';
export { MockControlError } from '../client/mock-control.js';
export { FAIL_MARKER } from './markers.js';
