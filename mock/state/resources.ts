// Which operations act on which stored resource, worked out from the contract: a "family" is the
// set of paths served by one job state machine's poll operations (the faceless machine is polled
// on /faceless, /b-roll, /ai-visuals and /url-to-video, so those four share one store).
import { templateParams } from '../../lib/contract/index.js';
import { type MockContract, type MockOperation, type OperationId, operationFromContract } from '../contract.js';
import type { Machines } from './machines.js';

export interface Family {
  machine: string;
  /** First path segments served by this family. */
  segments: string[];
  /** `$ref` of the resource schema (the poll operation's `data`). */
  dataRef: string;
  /** Properties a client configures (the family's PATCH body); a new resource starts without them. */
  configurable: Set<string>;
  /**
   * Typed surfaces: first segment -> the one `type` it serves. A surface whose create takes no
   * `type` in its body has the type fixed by the path (the source: "type is fixed by the prefix");
   * which type is read from that create's own success example. The generic surface is absent.
   */
  surfaceTypes: Map<string, string>;
}

export class Resources {
  private readonly bySegment = new Map<string, Family>();
  /** Each operation on a family's paths, by operationId (worked out once, from the contract's paths). */
  private readonly byOperation = new Map<OperationId, Family>();

  constructor(contract: MockContract, machines: Machines) {
    for (const machine of machines.jobMachines()) {
      const polls = machine.pollOperationIds.map((id) => operationFromContract(contract, id));
      const family: Family = {
        machine: machine.name,
        segments: [...new Set(polls.map((op) => firstSegment(op.path)))],
        dataRef: contract.dataSchemaRef(polls[0])!,
        configurable: new Set(),
        surfaceTypes: new Map(),
      };
      for (const op of contract.operations()) {
        if (op.method !== 'patch' || !family.segments.includes(firstSegment(op.path))) continue;
        const schema = contract.requestSchema(op);
        for (const key of Object.keys(schema?.properties ?? {})) family.configurable.add(key);
      }
      for (const segment of family.segments) {
        const create = contract.operations().find((op) => op.method === 'post' && op.path === `/${segment}`);
        const body = create ? contract.requestSchema(create) : undefined;
        if (!create || !body || body.properties?.type) continue;
        const types = new Set(
          Object.values(contract.examples(create))
            .map((example) => example?.data?.type)
            .filter((t) => typeof t === 'string'),
        );
        if (types.size === 1) family.surfaceTypes.set(segment, [...types][0]);
      }
      for (const segment of family.segments) this.bySegment.set(segment, family);
    }
    for (const op of contract.operations()) {
      const family = this.bySegment.get(firstSegment(op.path));
      if (family) this.byOperation.set(op.id, family);
    }
  }

  familyOf(op: MockOperation): Family | undefined {
    return this.byOperation.get(op.id);
  }

  /** The family served under a path's first segment (`/faceless/5` -> the faceless family). */
  familyOfPath(path: string): Family | undefined {
    return this.bySegment.get(firstSegment(path));
  }

  all(): Family[] {
    return [...new Set(this.bySegment.values())];
  }
}

export function firstSegment(path: string): string {
  // What path.split('/')[1] is (or ''), without splitting the whole path: it runs on every call.
  const start = path.indexOf('/');
  if (start < 0) return '';
  const end = path.indexOf('/', start + 1);
  return end < 0 ? path.slice(start + 1) : path.slice(start + 1, end);
}

// By operation path template: the contract's, a fixed set.
const firstParams = new Map<string, string | undefined>();

/** The first `{param}` of a path template: the resource the call is about. */
export function resourceParam(template: string): string | undefined {
  if (!firstParams.has(template)) firstParams.set(template, templateParams(template)[0]);
  return firstParams.get(template);
}

/** Path parameters of a concrete path, given its template (the contract model's one reading). */
