// Narrowing a success: the API wraps each resource in an envelope whose `data` the schemas leave
// optional, so `body.data` is typed `X | undefined`. These read it once, checked, so an app writes
// `video.id` rather than `body.data!.id`.
import { operationOf } from './operations.js';
/** True when a body (a query's `data`, an answer) carries its `data`: then `body.data` is typed without undefined. */
export function hasData(body) {
    return body !== undefined && body !== null && body.data !== undefined && body.data !== null;
}
/** The envelope's `data` of a successful answer, or an error that names the call when the answer has none. */
export function dataOf(body, response) {
    if (hasData(body))
        return body.data;
    const op = operationOf(response);
    const call = op ? `${op.method} ${op.path}${op.operationId ? ` (${op.operationId})` : ''}` : response.url;
    throw new Error(`${call} answered ${response.status} without data`);
}
