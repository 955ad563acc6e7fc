// Where a change reported inside an operation sits, in words: which operation, which way the data
// flows (request or response), the parameter, body or status it belongs to, and the field inside
// the schema. api-smart-diff reports paths through its merged document (every `$ref` followed,
// schemas normalised), so names are read from that document, never from the bundle.
import { readPointer } from '../../lib/contract/index.js';

export type Direction = 'request' | 'response';

export interface Location {
  /** `GET /me` */
  label: string;
  /** Keys from the operation down to the change. */
  rest: string[];
  /** Keys inside the schema (after `schema`), or undefined when the change is not inside one. */
  inSchema?: string[];
  direction?: Direction;
  /** What the schema belongs to: `query parameter \`cursor\``, `request body`, `response 200`. */
  subject: string;
}

/** `data.video.status` from the keys inside a schema (combinators and `properties` left out). */
export function fieldName(keys: readonly string[]): string {
  const names: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (k === 'properties' && i + 1 < keys.length) names.push(keys[++i]);
    else if (k === 'items') names.push('[]');
    else if (k === 'additionalProperties') names.push('*');
  }
  return names.join('.').replace(/\.\[\]/g, '[]');
}

function parameterSubject(merged: unknown, keys: string[], before: unknown, written: unknown): string {
  // The merged document is keyed by the head's path: a path written anew (`/a/{id}` to `/a/{clone}`)
  // is not there under the base's, so the parameter as the documents write it stands in.
  const param = (before ?? readPointer(merged, keys) ?? written) as { name?: string; in?: string } | undefined;
  return param?.name === undefined ? 'a parameter' : `${param.in ?? 'a'} parameter \`${param.name}\``;
}

/** Locates a change at `keys` (`paths`, path, method, ...) of an operation; `before` is the removed
 *  value of a removal or the added value of an addition, resolved (the merged document may not keep
 *  it, or keep only its `$ref`); `param`, for a change to a parameter, the parameter as written. */
export function locate(merged: unknown, keys: string[], before?: unknown, param?: unknown): Location {
  const [, path, method, ...rest] = keys;
  const label = `${method.toUpperCase()} ${path}`;
  const at = (n: number) => (rest.length > n ? rest.slice(n) : undefined);
  if (rest[0] === 'parameters' && rest.length >= 2) {
    const subject = parameterSubject(merged, keys.slice(0, 5), keys.length === 5 ? before : undefined, param);
    return { label, rest, direction: 'request', subject, inSchema: rest[2] === 'schema' ? (at(3) ?? []) : undefined };
  }
  if (rest[0] === 'requestBody') {
    const media = rest[2] ? ` (${rest[2]})` : '';
    const inSchema = rest[1] === 'content' && rest[3] === 'schema' ? (at(4) ?? []) : undefined;
    return { label, rest, direction: 'request', subject: `request body${media}`, inSchema };
  }
  if (rest[0] === 'responses' && rest.length >= 2) {
    const header = rest[2] === 'headers' && rest[3] ? ` header \`${rest[3]}\`` : '';
    const inSchema =
      rest[2] === 'content' && rest[4] === 'schema' ? (at(5) ?? []) : header && rest[4] === 'schema' ? (at(5) ?? []) : undefined;
    return { label, rest, direction: 'response', subject: `response ${rest[1]}${header}`, inSchema };
  }
  return { label, rest, subject: label };
}
