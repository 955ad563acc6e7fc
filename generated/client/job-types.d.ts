import type { operations, stateMachines, StateMachineName } from './contract.js';
import type { paths } from './schema.js';
type Machines = typeof stateMachines;
/** The body of a path's GET 200 answer. */
type Body200<P> = P extends keyof paths ? paths[P] extends {
    get: {
        responses: {
            200: {
                content: {
                    'application/json': infer B;
                };
            };
        };
    };
} ? B : never : never;
/** The type at `keys` inside T (each step past null and undefined), or unknown when a key is not there. */
export type At<T, Keys extends readonly string[]> = Keys extends readonly [
    infer Head extends string,
    ...infer Rest extends readonly string[]
] ? Head extends keyof NonNullable<T> ? At<NonNullable<T>[Head], Rest> : unknown : T;
/** T with the value at `keys` narrowed to V (`{ video: { status: 'completed' } }` at a success). */
export type NarrowedAt<T, Keys extends readonly string[], V> = Keys extends readonly [
    infer Head extends string,
    ...infer Rest extends readonly string[]
] ? Head extends keyof T ? T & {
    [K in Head]: NarrowedAt<NonNullable<T[Head]>, Rest, V>;
} : T : V;
/** The pointer's keys after the body's `data` (where the resource is): `['video', 'status']`. */
type InResource<Keys> = Keys extends readonly ['data', ...infer Rest extends readonly string[]] ? Rest : [];
/** Every state a machine names; an `open` machine (the source says others exist) also any other string. */
export type StateOf<M extends Machines[StateMachineName]> = M['states'][number] | (M extends {
    open: true;
} ? string & {} : never);
export type SuccessStateOf<M extends Machines[StateMachineName]> = M['success'][number];
export type FailureStateOf<M extends Machines[StateMachineName]> = M['failure'][number];
/** The state machine whose polling operations read `GET P`. */
export type MachineOfPath<P> = {
    [N in StateMachineName]: P extends (typeof operations)[Machines[N]['pollOperationIds'][number]]['path'] ? Machines[N] : never;
}[StateMachineName];
/** The resource a job path answers with (`data` of its 200 body). */
export type ResourceOfPath<P> = Body200<P> extends {
    data?: infer D;
} ? NonNullable<D> : unknown;
/** The failure details at the machine's failureLocation, typed by the answer's schema (unknown where the source gives no shape). */
export type FailureOfPath<P> = MachineOfPath<P> extends {
    failurePath: infer F extends readonly string[];
} ? NonNullable<At<Body200<P>, F>> : unknown;
/** The resource at a success state: its status narrowed to the machine's success states. */
export type SucceededResourceOfPath<P> = NarrowedAt<ResourceOfPath<P>, InResource<MachineOfPath<P>['statusPath']>, SuccessStateOf<MachineOfPath<P>>>;
export {};
