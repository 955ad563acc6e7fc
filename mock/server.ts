// The HTTP front of the mock: CORS, base path, rate limit, then Prism (route, security,
// validation, examples), then the gate, then the stateful API. Every answer is the API's envelope.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IHttpRequest } from '@stoplight/prism-http';
import { Contract } from './contract.js';
import { loadConfig, type MockConfig } from './config.js';
import { priceList } from './costs.js';
import { ApiError, Errors, type Answer } from './errors.js';
import { createPrism, type Prism } from './prism.js';
import { acceptsEmpty, parseBody } from './request-body.js';
import { RateLimiter } from './rate-limit.js';
import { StatefulApi } from './state/api.js';
import { Machines } from './state/machines.js';
import { Resources } from './state/resources.js';
import { Store } from './state/store.js';
import { bearerToken, gateFailure, kindOf } from './tokens.js';
import { Clock } from './control/clock.js';
import { Faults } from './control/faults.js';
import { Journal, redactToken } from './control/journal.js';
import { ControlPlane } from './control/plane.js';
import { readFileSync } from 'node:fs';

export interface MockServer {
  url: string;
  config: MockConfig;
  close(): Promise<void>;
}

export async function createMock(env: NodeJS.ProcessEnv = process.env, contract = Contract.load()) {
  const config = loadConfig(contract, env);
  // Prism rewrites the document it is given (it resolves references in place): give it a copy.
  const prism = await createPrism(structuredClone(contract.doc));
  const errors = new Errors(contract);
  const machines = new Machines(contract, config.stepMs);
  const resources = new Resources(contract, machines);
  // A paid account starts with the balance of the contract's profile example.
  const startingCredits = Object.values(contract.examples(contract.op('getMe')))[0]?.data?.credits?.remaining;
  const store = new Store((kind) => (kind === 'broke' ? 0 : startingCredits));
  const api = new StatefulApi(contract, machines, resources, priceList(contract), errors, {
    includeAllowlist: config.includeAllowlist,
    socialHosts: config.socialHosts,
  });
  // For the Allow header of 405s: each contract path as a pattern, concrete paths first (as Prism routes).
  const pathPatterns = Object.entries(contract.doc.paths)
    .map(([template, item]) => ({
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      templated: template.includes('{'),
      methods: Object.keys(item).filter((key) => /^(get|put|post|patch|delete|head|options|trace)$/.test(key)),
    }))
    .sort((a, b) => Number(a.templated) - Number(b.templated));
  const allowedMethods = (path: string) =>
    (pathPatterns.find((p) => p.pattern.test(path))?.methods ?? []).map((m) => m.toUpperCase()).join(', ');
  const limiter = new RateLimiter(config.advertisedLimit, config.rateLimit);
  // The control plane (/__mock): the clock every job reads, faults, the journal.
  const clock = new Clock(config.clockMode);
  const faults = new Faults();
  const journal = new Journal();
  const control = new ControlPlane({ contract, errors, store, api, machines, resources, clock, faults, journal, controlToken: config.controlToken });
  if (config.scenarioPath) control.loadAtStart(readFileSync(config.scenarioPath, 'utf8'), `MOCK_SCENARIO=${config.scenarioPath}`);
  const log = (line: string) => {
    if (!config.quiet) process.stdout.write(`${line}\n`);
  };

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://mock.local');
    const token = bearerToken(req.headers.authorization);
    let answer: Answer;
    let rateHeaders: Record<string, string | number> = {};
    if (isPreflight(req)) {
      send(req, res, { status: 204, body: undefined }, {});
      log(`OPTIONS ${url.pathname} -> 204 (CORS preflight)`);
      return;
    }
    if (ControlPlane.owns(url.pathname)) {
      // Outside the API: no rate limit, no journal entry, no fault.
      let reply: Answer;
      try {
        reply = control.handle(req, url, await readBody(req));
      } catch (error) {
        console.error(`mock: unexpected fault on ${req.method} ${req.url}:`, error);
        reply = errors.server();
      }
      send(req, res, reply, {});
      log(`${req.method} ${url.pathname} -> ${reply.status} (control)`);
      return;
    }
    const trace: Trace = {};
    try {
      const rate = limiter.take(token ?? 'anonymous', Date.now());
      rateHeaders = rate.headers;
      answer = rate.limited
        ? errors.answer('ErrorTooManyRequests')
        : await route(req, url, token, await readBody(req), trace);
    } catch (error) {
      if (error instanceof ApiError) answer = error.answer;
      else {
        console.error(`mock: unexpected fault on ${req.method} ${req.url}:`, error);
        answer = errors.server();
      }
    }
    send(req, res, answer, rateHeaders);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    journal.add(token, {
      time: new Date(Date.now() - durationMs).toISOString(),
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      operationId: trace.operationId ?? null,
      status: answer.status,
      durationMs,
      ...(trace.fault !== undefined ? { fault: trace.fault } : {}),
    });
    log(`${req.method} ${url.pathname}${url.search} -> ${answer.status} ${(performance.now() - started).toFixed(1)}ms ${describeToken(token)}`);
  }

  async function route(req: IncomingMessage, url: URL, token: string | undefined, raw: string, trace: Trace): Promise<Answer> {
    if (!url.pathname.startsWith(`${config.basePath}/`)) return errors.notFound();
    const path = url.pathname.slice(config.basePath.length);
    const parsed = parseBody(raw, String(req.headers['content-type'] ?? ''));
    const input: IHttpRequest = {
      method: (req.method ?? 'GET').toLowerCase() as IHttpRequest['method'],
      url: { path, query: queryOf(url) },
      headers: req.headers as Record<string, string>,
      body: parsed.forPrism,
    };
    const prefs = prism.preferences(input);
    let result = await prism.request(input, prefs.ok ? prefs.value : {});
    let unservable: Record<string, string[]> | undefined;
    if (result.kind === 'error' && !/NO_(PATH|METHOD)_MATCHED/.test(result.name)) {
      // Prism matched the route but cannot produce what was asked (a Prefer code or example the
      // contract lacks, an Accept it cannot serve). Ask again plainly, so the gate still answers
      // first, then report the request as unprocessable.
      unservable = { [/NOT_ACCEPTABLE/.test(result.name) ? 'Accept' : 'Prefer']: [result.detail] };
      result = await prism.request({ ...input, headers: { ...input.headers, accept: 'application/json' } }, {});
    }
    trace.operationId = result.kind === 'ok' ? result.operationId : undefined;
    const fault = faults.take(trace.operationId, token);
    if (fault) {
      trace.fault = fault.id;
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.status !== undefined) {
        const injected = errors.forStatus(fault.status);
        return { ...injected, headers: { ...injected.headers, 'X-Mock-Fault': String(fault.id) } };
      }
    }
    if (result.kind === 'error') return fromPrismError(result.status, result.detail, path);

    const op = contract.opFromContract(result.operationId);
    const problems = result.violations.filter((v) => v.severity === 0);
    if (problems.some((v) => v.code === 401) || !token) return errors.unauthorized();
    const kind = kindOf(token);
    if (kind === 'invalid') return errors.unauthorized();
    const account = store.account(token, kind);
    const gate = gateFailure(account.facts);
    if (gate && !contract.isUngated(op)) return errors.answer(gate);
    // Malformed arguments are 400 GEN-WRONG-ARGS (the source's error table).
    if (parsed.malformed) return withErrors(errors.wrongArgs(parsed.malformed), { body: [parsed.malformed] });
    if (result.bodyError) return withErrors(errors.wrongArgs('The request body could not be parsed.'), { body: [`The request body could not be parsed: ${result.bodyError}`] });
    // A Prefer/Accept that cannot be honoured: 422 where the operation documents it; elsewhere
    // the control is ignored (said in a header) so the answer still conforms to the contract.
    const refusal = unservable ?? (prefs.ok ? undefined : { Prefer: [prefs.detail] });
    let ignored: string | undefined;
    if (refusal) {
      if (op.raw.responses['422']) return errors.validation(refusal);
      ignored = Object.values(refusal).flat().join('; ').replace(/[^\x20-\x7e]+/g, ' ').trim();
    }
    if (problems.length) return errors.fromViolations(problems);
    // Prism reads a JSON `null` body as no body; an object schema does not accept it.
    const jsonSchema = contract.requestSchema(op);
    if (parsed.forPrism === null && jsonSchema?.type === 'object') return errors.validation({ body: ['The request body must be a JSON object, not null.'] });
    const empty = emptyParameters(op, input.url.query ?? {});
    if (empty.length && (op.raw.responses['422'] || op.raw.responses['400'])) {
      const map = Object.fromEntries(empty.map((name) => [name, [`The ${name} parameter must not be empty.`]]));
      if (op.raw.responses['422']) return errors.validation(map);
      return withErrors(errors.wrongArgs(`Empty parameter: ${empty.join(', ')}.`), map);
    }

    const { output } = result;
    const stateful = () =>
      api.handle({
        op,
        account,
        path,
        query: input.url.query ?? {},
        body: parsed.forHandlers,
        prism: { status: output.statusCode, body: output.body },
        now: clock.now(),
        baseUrl: `http://${req.headers.host ?? `${config.host}:${config.port}`}${config.basePath}`,
      });
    if (ignored) {
      const answer = stateful();
      return { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': ignored } };
    }
    // Prism's own controls: an explicit Prefer code/example/dynamic answers exactly what Prism
    // chose from the contract, without touching state or credits.
    if (prefs.ok && (prefs.value.code !== undefined || prefs.value.exampleKey !== undefined || prefs.value.dynamic !== undefined)) {
      return { status: output.statusCode, body: output.body, headers: { 'Content-Type': String(output.headers?.['Content-type'] ?? 'application/json') } };
    }
    if (output.statusCode >= 300) {
      // Prism picked an error example for a valid request (it never should); say so honestly.
      return { status: output.statusCode, body: output.body };
    }
    return stateful();
  }

  /** Query parameters sent empty (`page=`, `order=`) that their schema does not accept. */
  function emptyParameters(op: ReturnType<typeof contract.op>, query: Record<string, string | string[]>): string[] {
    return contract
      .parameters(op)
      .filter((p) => p.in === 'query' && !p.allowEmptyValue && query[p.name] === '' && !acceptsEmpty(contract.deref(p.schema)))
      .map((p) => p.name);
  }

  function fromPrismError(status: number, detail: string, path: string): Answer {
    if (status === 404) return errors.notFound();
    if (status === 405) return { ...errors.methodNotAllowed(), headers: { Allow: allowedMethods(path) } };
    if (status === 406 || status === 415 || status === 400 || status === 422) {
      return errors.validation({ request: [detail] });
    }
    console.error(`mock: Prism failed: ${status} ${detail}`);
    return errors.server();
  }

  const server = http.createServer((req, res) => {
    respond(req, res).catch((error) => {
      console.error('mock: fault while answering', error);
      if (!res.headersSent) send(req, res, errors.server(), {});
    });
  });
  server.keepAliveTimeout = 5_000;

  return {
    config,
    contract,
    async listen(port = config.port, host = config.host): Promise<MockServer> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      return {
        url: `http://${host}:${address.port}${config.basePath}`,
        config,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
  };
}

/** A 400 GEN-WRONG-ARGS answer with an `errors` map saying which argument was wrong. */
function withErrors(answer: Answer, map: Record<string, string[]>): Answer {
  return { ...answer, body: { ...(answer.body as object), errors: map } };
}

function send(req: IncomingMessage, res: ServerResponse, answer: Answer, rateHeaders: Record<string, string | number>) {
  // CORS on every answer, so a browser app on another origin can read bodies and rate headers.
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
  for (const [name, value] of Object.entries(rateHeaders)) res.setHeader(name, value);
  if (isPreflight(req)) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Prefer');
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204).end();
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json');
  const html = String(res.getHeader('Content-Type')).startsWith('text/html');
  res.writeHead(answer.status).end(answer.body === undefined ? '' : html ? String(answer.body) : JSON.stringify(answer.body));
}

/** Only a real CORS preflight gets 204; a bare OPTIONS is an undeclared method (405 + Allow). */
function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && !!req.headers.origin && !!req.headers['access-control-request-method'];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

function describeToken(token: string | undefined): string {
  const shown = redactToken(token);
  if (!shown) return '(no token)';
  return token!.startsWith('mock-') ? shown : `token ${shown}`;
}

/** What the journal learns while a call is answered. */
interface Trace {
  operationId?: string;
  fault?: number;
}

export type { Prism };
