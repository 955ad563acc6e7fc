// Targeted cases for rules the contract states where Schemathesis draws no negative case: inside
// `if`/`then` branches and the alternatives of a `oneOf`/`anyOf` body (a field required only when
// another has a value; `units` of auto top-up, whose listed values 1, 2, 3, 4, 5, 10, 20, 30, 50, 100
// and range 101..199,999 apply only when enabling). Every case is derived from the contract: an
// operation's own request example that reaches the branch, with one value moved just outside a
// stated set or range, or one field the branch requires left out. A case is kept only when the
// contract's whole request schema rejects it (Ajv), so the refusal it expects is one the contract states.
import { type ContractModel, type ContractOperation, fragmentPointer, Validators } from '../../lib/contract/index.js';

type Json = any; // contract schema nodes, read as they stand in the bundle

export interface RuleCase {
  /** Stable id: `<operationId>:<field>=<value>` or `<operationId>:without-<field>`. */
  id: string;
  operationId: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** What the contract says about the case, in words (the field's own description, else its rule). */
  rule: string;
}

/**
 * Integer sets and ranges a schema states: `enum`, `minimum`/`maximum`, an anyOf/oneOf of them, or a
 * range with a listed set below a cap (`not: { maximum: cap, not: { enum } }`: up to the cap only the
 * listed values, above it the range).
 */
function statedIntegers(schema: Json, contract: ContractModel): { sets: number[][]; ranges: [number, number][] } {
  const s = contract.deref(schema) ?? {};
  const out = { sets: [] as number[][], ranges: [] as [number, number][] };
  const integers = (values: unknown) => Array.isArray(values) && values.every(Number.isInteger);
  const add = (node: Json) => {
    if (integers(node.enum)) out.sets.push([...node.enum].sort((a, b) => a - b));
    else if (Number.isInteger(node.minimum) || Number.isInteger(node.maximum))
      out.ranges.push([node.minimum ?? Number.NaN, node.maximum ?? Number.NaN]);
  };
  const branches = s.anyOf ?? s.oneOf;
  const cap = s.not?.maximum;
  if (Array.isArray(branches)) for (const b of branches) add(contract.deref(b));
  else if (Number.isInteger(cap) && integers(s.not?.not?.enum)) {
    add({ enum: s.not.not.enum.filter((n: number) => n <= cap) });
    add({ minimum: cap + 1, maximum: s.maximum });
  } else add(s);
  return out;
}

/** The integers just outside each stated set (below, above, and first, middle and last of each gap) and range. */
export function justOutside(sets: number[][], ranges: [number, number][]): number[] {
  const inside = (n: number) => sets.some((set) => set.includes(n)) || ranges.some(([lo, hi]) => !(n < lo) && !(n > hi));
  const candidates: number[] = [];
  for (const set of sets) {
    candidates.push(set[0] - 1, set.at(-1)! + 1);
    for (let i = 1; i < set.length; i++) {
      const [a, b] = [set[i - 1], set[i]];
      if (b - a > 1) candidates.push(a + 1, Math.floor((a + b) / 2), b - 1);
    }
  }
  for (const [lo, hi] of ranges) candidates.push(lo - 1, hi + 1);
  return [...new Set(candidates.filter((n) => Number.isFinite(n) && !inside(n)))].sort((a, b) => a - b);
}

interface Branch {
  /** Properties the branch constrains. */
  properties: Record<string, Json>;
  required: string[];
}

/**
 * Every `then`/`else` branch of a schema and every alternative of its oneOf/anyOf (and those nested in
 * their allOf), where Schemathesis generates no negatives.
 */
function conditionalBranches(schema: Json, contract: ContractModel, inBranch = false, out: Branch[] = []): Branch[] {
  const s = contract.deref(schema);
  if (!s || typeof s !== 'object') return out;
  if (inBranch) out.push({ properties: s.properties ?? {}, required: s.required ?? [] });
  for (const key of ['then', 'else']) if (s[key]) conditionalBranches(s[key], contract, true, out);
  for (const alternative of s.oneOf ?? s.anyOf ?? []) conditionalBranches(alternative, contract, true, out);
  for (const sub of s.allOf ?? []) conditionalBranches(sub, contract, inBranch, out);
  return out;
}

function requestExamples(contract: ContractModel, op: ContractOperation): Record<string, unknown>[] {
  const media = contract.deref(op.operation.requestBody)?.content?.['application/json'];
  const values = Object.values<Json>(media?.examples ?? {}).map((e) => contract.deref(e)?.value);
  return values.filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v));
}

/** The targeted cases of one operation (none when it has no JSON body with a conditional rule). */
export function operationRuleCases(contract: ContractModel, op: ContractOperation): RuleCase[] {
  const media = contract.deref(op.operation.requestBody)?.content?.['application/json'];
  if (!media?.schema) return [];
  const ref = fragmentPointer(['paths', op.path, op.method, 'requestBody', 'content', 'application/json', 'schema']);
  // The contract's one compiled set: the same validator the mock and the checker refuse with.
  const validate = Validators.of(contract.doc).schema(ref);
  const examples = requestExamples(contract, op);
  const cases = new Map<string, RuleCase>();
  const keep = (id: string, body: Record<string, unknown>, rule: string) => {
    // Only what the contract's whole schema refuses: the refusal expected is a stated one.
    if (!cases.has(id) && !validate(body))
      cases.set(id, {
        id,
        operationId: op.id,
        method: op.method.toUpperCase(),
        path: op.path,
        body,
        rule: rule.replace(/\s+/g, ' ').trim(),
      });
  };
  for (const branch of conditionalBranches(media.schema, contract)) {
    for (const [field, node] of Object.entries<Json>(branch.properties)) {
      const base = examples.find((e) => e[field] !== undefined && validate(e));
      if (!base) continue;
      const { sets, ranges } = statedIntegers(node, contract);
      const rule = contract.deref(node)?.description ?? `${field}: ${JSON.stringify(contract.deref(node))}`;
      for (const value of justOutside(sets, ranges)) keep(`${op.id}:${field}=${value}`, { ...base, [field]: value }, rule);
    }
    for (const field of branch.required) {
      const base = examples.find((e) => e[field] !== undefined && validate(e));
      if (!base) continue;
      const { [field]: _left, ...without } = base;
      keep(`${op.id}:without-${field}`, without, `${field} is required here (a branch of the request schema)`);
    }
  }
  return [...cases.values()];
}

/** The targeted cases of the given operations, in contract order. */
export function ruleCases(contract: ContractModel, operationIds: ReadonlySet<string>): RuleCase[] {
  return contract
    .operations()
    .filter((op) => operationIds.has(op.id))
    .flatMap((op) => operationRuleCases(contract, op));
}
