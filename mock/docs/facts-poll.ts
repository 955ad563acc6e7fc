// What "Poll until done" needs of a polled resource's state machine (x-state-machine, through
// lib/contract): where the status is, which states end polling (terminal ones), which states only a
// caller's call moves on (a draft never rendered: polling alone would wait forever), and the time
// after which polling gives up.
import { type ContractModel, type JsonValue, Lifecycle, machinePolledBy, type StateMachine } from '../../lib/contract/index.js';

/** Polling gives up after this long without a terminal state (the panel says so). */
export const POLL_LIMIT_SECONDS = 300;

export interface TryItPoll {
  resource: string;
  /** JSON pointer to the status in the poll's answer. */
  pointer: string;
  terminal: string[];
  success: string[];
  /** The wire value of each state where it is not the state's name (auto top-up's true/false). */
  values: Record<string, JsonValue> | null;
  /** States (null: no status yet) that only a call moves on, with what the panel says on meeting one. */
  waiting: { state: string | null; message: string }[];
  limitSeconds: number;
}

/** The first segment of a path (`ai-visuals` of `/ai-visuals/{id}`). */
const surface = (route: string) => route.split('/')[1] ?? '';

/** What the panel says of a resource in `state` that only the calls `ids` move on. */
function waitingMessage(model: ContractModel, machine: StateMachine, route: string, state: string | null, ids: string[]): string {
  // The calls of the poll's own surface (render an AI Visuals draft from its own panel), else all.
  const own = ids.filter((id) => surface(model.operation(id).path) === surface(route));
  const calls = (own.length ? own : ids).map((id) => `${model.operation(id).label} (${id})`).join(' or ');
  const now = state === null ? `has not started: its status at ${machine.statusLocation} is empty` : `is ${state}`;
  return `This ${machine.resource.toLowerCase()} ${now}, and only a call moves it on. Send ${calls} first, then poll again.`;
}

/** The poll facts of an operation that reads a state machine with terminal states; undefined otherwise. */
export function pollFacts(model: ContractModel, machines: StateMachine[], operationId: string): TryItPoll | undefined {
  const machine = machinePolledBy(machines, operationId);
  if (!machine?.terminal.length) return undefined;
  const lifecycle = new Lifecycle(machine);
  const route = model.operation(operationId).path;
  const waiting = [null, ...machine.states].flatMap((state) => {
    const ids = [...new Set(lifecycle.waitsForCall(state).flatMap((t) => t.operationIds ?? []))];
    return ids.length ? [{ state, message: waitingMessage(model, machine, route, state, ids) }] : [];
  });
  return {
    resource: machine.resource,
    pointer: machine.statusLocation,
    terminal: [...machine.terminal],
    success: [...machine.success],
    values: (machine.stateValues as Record<string, JsonValue> | undefined) ?? null,
    waiting,
    limitSeconds: POLL_LIMIT_SECONDS,
  };
}
