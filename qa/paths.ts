// Where the QA tools find their files: in a checkout, the repository; installed, the package
// (scripts/pack/ copies the same files to the same places). Stated once, here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository, or the installed video-api-v2-qa package. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const GENERATED_DIR = path.join(ROOT, 'generated');
/** A command of the checkout's dev dependencies (plain Prism, for CONFORMANCE_LOCAL_SERVER=prism). */
export const BIN = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
