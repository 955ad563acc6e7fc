// Type tests for the mock's operation ids, checked by tsc (`npm run typecheck`, and
// tests/client/types.test.ts). Never executed. Each `@ts-expect-error` line must fail to compile.
import type { MockContract, MockOperation, OperationId } from '../../mock/contract.js';

declare const contract: MockContract;
declare const op: MockOperation;
type Handler = (op: MockOperation) => void;
const handler: Handler = () => undefined;

export function unknownIdsDoNotCompile() {
  // @ts-expect-error an operation the contract does not have
  contract.operation('getProfile');
  // @ts-expect-error a handler map keyed by an id the contract does not have
  void ({ getMe: handler, getProfile: handler } satisfies Partial<Record<OperationId, Handler>>);
  // @ts-expect-error comparing an operation's id with one the contract does not have
  if (op.id === 'createVoiceCloneSlot') return;
}

export function knownIdsCompile() {
  contract.operation('getMe');
  void ({ getMe: handler, trainCharacter: handler } satisfies Partial<Record<OperationId, Handler>>);
  if (op.id === 'createVoiceClone') return;
}
