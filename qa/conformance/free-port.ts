// Kept for imports that name this path; the one implementation is lib/free-port.ts.
export { freePort } from '../../lib/free-port.js';
