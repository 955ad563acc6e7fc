// The mock's documented payload trigger (mock/README.md): `mock:fail` in any text input of a job
// makes its run fail. Part of the mock's public face (mock/index.ts re-exports it); kept in a module
// of its own so QA's flows can name it without loading the mock server (mock/index.ts imports
// Prism: about 1.9 s on this machine against 0.2 s for this file's importers).
export const FAIL_MARKER = 'mock:fail';
