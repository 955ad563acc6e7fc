// The benchmark's second yardstick, the "floor": a bare node:http server that does for each request
// only what the mock's engine does (called the same way as mock/pipeline/gate.ts, validate.ts and
// mock/prism.ts): the contract's router (lib/contract/request.ts), the contract's security check (lib/contract/security.ts),
// its compiled request check (lib/contract/validators.ts), the Prefer reading and the plain example
// (made once per operation, copied per call), written as JSON. No state, credits, rate limit, faults or journal.
// The mock cannot be faster than this server, so where the floor itself is below a goal, the goal is
// out of reach with these three checks on every request.
// FLOOR_PRISM_CHECKS=0 leaves out the three checks (security, compiled request check, Prefer) and
// keeps the rest: the control that shows what those checks cost. FLOOR_PORT picks the port (any free one by
// default); the server prints it when listening.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IHttpRequest } from '@stoplight/prism-http';
import { readBody } from '../../lib/read-body.js';
import {
  authorizationCheck,
  RequestRouter,
  type RequestViolation,
  routeRequest,
  singleHeaders,
  Validators,
} from '../../lib/contract/index.js';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { asksForParticular, type Preferences } from '../../mock/preferences.js';
import { createPrism } from '../../mock/prism.js';

const BASE = '/v2';
const contract = mockContract();
// As the mock does: Prism rewrites the document it is given.
const prism = await createPrism(structuredClone(contract.doc));
const validators = Validators.of(contract);
const router = new RequestRouter(contract.operations(), BASE);
const checks = process.env.FLOOR_PRISM_CHECKS !== '0';

function respond(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// Each operation's security check, made once (as mock/pipeline/gate.ts keeps them).
const securityChecks = new Map<string, ReturnType<typeof authorizationCheck>>();
function securityCheck(operationId: string) {
  if (!securityChecks.has(operationId))
    securityChecks.set(operationId, authorizationCheck(contract, operationFromContract(contract, operationId)));
  return securityChecks.get(operationId);
}

const server = http.createServer((req, res) => {
  // A request without a body is answered at once, as the mock's adapter (mock/server.ts) does.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return answer(req, res, '');
  readBody(req, Number.POSITIVE_INFINITY).then(({ body }) => answer(req, res, body?.toString('utf8') ?? ''));
});

function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
  const request = routeRequest(router, { method: req.method ?? 'GET', url: req.url ?? '/', headers: singleHeaders(req.headers) });
  const op = request.operation;
  if (!op) return respond(res, 404, {});
  const input: IHttpRequest = {
    method: op.method as IHttpRequest['method'],
    url: { path: request.path!, query: request.query },
    headers: request.headers as Record<string, string>,
    body: raw ? JSON.parse(raw) : undefined,
  };
  let violations: RequestViolation[] = [];
  let prefs: Preferences = {};
  if (checks) {
    if (!securityCheck(op.id)?.(input.headers?.authorization)) return respond(res, 401, {});
    const check = validators.request(op.id);
    violations = check.check({ params: request.params, query: request.query, headers: input.headers ?? {}, body: input.body });
    if (violations.some((v) => v.severity === 0)) return respond(res, 422, {});
    const preferences = prism.preferences(request);
    if (preferences.ok) prefs = preferences.value;
  }
  const example = prism.example(op.id, input, violations, prefs, asksForParticular(prefs, input.headers?.accept));
  if (!example.ok) return respond(res, 500, {});
  respond(res, example.output.statusCode, example.output.body);
}

server.listen(Number(process.env.FLOOR_PORT ?? 0), '127.0.0.1', () => {
  console.log(`floor: ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
