import { type Client } from 'openapi-fetch';
import type { components, paths } from './mock-control-schema.js';
type Schemas = components['schemas'];
export interface MockControlOptions {
    /** The mock's URL: its origin (http://127.0.0.1:4010) or its API base (…/v2); /__mock is found from it. */
    baseUrl: string;
    /** The value of MOCK_CONTROL_TOKEN, when the mock requires one. */
    controlToken?: string;
    /** A fetch implementation. Default: globalThis.fetch. */
    fetch?: (input: Request) => Promise<Response>;
}
/** A control call the mock refused (its error envelope is in `body`). */
export declare class MockControlError extends Error {
    readonly status: number;
    readonly body: unknown;
    constructor(status: number, body: unknown);
}
export interface MockControlHelpers {
    /** Forgets all state, or one token's account. */
    reset(token?: string): Promise<Schemas['ResetResult']>;
    account(token: string): Promise<Schemas['Account']>;
    accounts(): Promise<Schemas['Account'][]>;
    updateAccount(token: string, patch: Schemas['AccountPatch']): Promise<Schemas['Account']>;
    clock(): Promise<Schemas['Clock']>;
    setClock(mode: Schemas['ClockMode']): Promise<Schemas['Clock']>;
    /** `{ ms }` or `{ steps }`. */
    advance(by: {
        ms: number;
    } | {
        steps: number;
    }): Promise<Schemas['Clock']>;
    force(token: string, path: string, state: string): Promise<Schemas['ForceResult']>;
    addFault(fault: Schemas['FaultInput']): Promise<Schemas['Fault']>;
    faults(): Promise<Schemas['Fault'][]>;
    clearFaults(): Promise<number>;
    requests(filter?: {
        token?: string;
        limit?: number;
        offset?: number;
    }): Promise<Schemas['JournalEntry'][]>;
    scenario(scenario: Schemas['Scenario']): Promise<Schemas['ScenarioResult']>;
}
export type MockControl = Client<paths> & MockControlHelpers;
export declare function createMockControl(options: MockControlOptions): MockControl;
export {};
