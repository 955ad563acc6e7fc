// The guessed-operation note lives in the contract model (lib/contract/unconfirmed.ts), so the
// build steps and the docs both read it from there and neither folder imports the other for it.
// Kept for the build steps and tests that name this path.
export { isGuessedOperation, UNCONFIRMED_LABEL, unconfirmedNote, withUnconfirmedNotes } from '../../lib/contract/index.js';
