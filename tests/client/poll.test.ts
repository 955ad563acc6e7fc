// The generic poller, driven by the contract's state machines, against a scripted local server:
// success, failure, abort, progress, timeout, and faceless videos polled by `id`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations, stateMachines } from '../../generated/contract.js';
import { createVideoApiClient, JobFailedError, PollTimeoutError, type PollableResource } from '../../client/index.js';
import { pollableResources } from '../../client/poll.js';
import { parsePointer } from '../../lib/contract/pointer.js';
import { ok, startLocalServer, type LocalServer } from './local-server.js';

// Every wait the client asks for is recorded (the real sleep still runs, so other tests keep their
// timing); a test that only needs the requested interval can skip the wait itself.
const waits = vi.hoisted(() => ({ asked: [] as number[], skip: false }));
vi.mock('../../client/sleep.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../client/sleep.js')>();
  return {
    sleep: (ms: number, signal?: AbortSignal | null) => {
      waits.asked.push(ms);
      return waits.skip ? Promise.resolve() : real.sleep(ms, signal);
    },
  };
});

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Builds a body with `status` placed at the machine's statusLocation (e.g. /data/video/status).
function bodyAt(pointer: string, status: string, extra: Record<string, unknown> = {}) {
  const keys = parsePointer(pointer);
  const root: Record<string, unknown> = {};
  let node = root;
  keys.slice(0, -1).forEach((k, i) => {
    node[k] = i === keys.length - 2 ? { ...extra } : {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]] = status;
  return root;
}

const machine = stateMachines.FacelessVideoStatus;

describe('client pollers', () => {
  it('polls the faceless video by id through the contract poll path until success', async () => {
    const [first, ...rest] = machine.states.filter((s) => !(machine.terminal as readonly string[]).includes(s));
    const sequence = [first, ...rest, first, machine.success[0]];
    server = await startLocalServer((_req, n) => {
      const body = bodyAt(machine.statusLocation, sequence[Math.min(n - 1, sequence.length - 1)], { url: 'https://cdn.example/v.mp4' });
      (body.data as Record<string, unknown>).id = 42;
      (body.data as Record<string, unknown>).video_id = 9001;
      return ok(body.data);
    });
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const seen: Array<string | undefined> = [];
    // Passing the resource itself uses its `id`, never its `video_id`.
    const video = await client.poll.facelessVideo({ id: 42 }, { intervalMs: 5, onProgress: (p) => seen.push(p.state) });
    expect(video.video.status).toBe(machine.success[0]);
    expect(seen).toEqual(sequence);
    const pollPath = operations[machine.pollOperationIds[0]].path.replace(/\{\w+\}/, '42');
    expect(server.seen.every((r) => r.method === 'GET' && r.url === `/v2${pollPath}`)).toBe(true);
  });

  it('rejects with JobFailedError carrying the failure details beside the status', async () => {
    const failure = { code: 'RENDER-ERROR', message: 'voice synthesis failed' };
    server = await startLocalServer((_req, n) =>
      ok(bodyAt(machine.statusLocation, n < 2 ? machine.initial! : machine.failure[0], n < 2 ? {} : { failure }).data),
    );
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const error = await client.poll.facelessVideo(42, { intervalMs: 5 }).catch((e) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect(error).toMatchObject({ code: 'RENDER-ERROR', state: machine.failure[0], failure });
  });

  it('every pollable resource follows its own machine (status location, terminal states)', async () => {
    for (const [resource, name] of Object.entries(pollableResources) as Array<
      [PollableResource, (typeof pollableResources)[PollableResource]]
    >) {
      const m = stateMachines[name];
      server = await startLocalServer((_req, n) => ok(bodyAt(m.statusLocation, n < 3 ? 'some-unterminal-state' : m.success[0]).data));
      const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
      await client.poll[resource]('abc', { intervalMs: 1 });
      expect(server.seen).toHaveLength(3);
      expect(server.seen[0].url).toBe(`/v2${operations[m.pollOperationIds[0]].path.replace(/\{\w+\}/, 'abc')}`);
      await server.close();
      server = undefined;
    }
  });

  it('stops on abort with the signal reason', async () => {
    server = await startLocalServer(() => ok(bodyAt(machine.statusLocation, machine.initial!).data));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const controller = new AbortController();
    const polls: number[] = [];
    const promise = client.poll.facelessVideo(1, {
      intervalMs: 20,
      signal: controller.signal,
      onProgress: (p) => {
        polls.push(p.attempt);
        if (p.attempt === 3) controller.abort(new Error('user left the page'));
      },
    });
    await expect(promise).rejects.toThrow('user left the page');
    await new Promise((r) => setTimeout(r, 60));
    expect(server.seen).toHaveLength(3);
  });

  it('gives up with PollTimeoutError after timeoutMs', async () => {
    server = await startLocalServer(() => ok(bodyAt(machine.statusLocation, machine.initial!).data));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const error = await client.poll.facelessVideo(1, { intervalMs: 10, timeoutMs: 50 }).catch((e) => e);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error.lastState).toBe(machine.initial);
  });

  it("defaults to the contract polling cadence (the machine's pollIntervalSeconds.min)", async () => {
    server = await startLocalServer((_req, n) => ok(bodyAt(machine.statusLocation, n < 3 ? machine.initial! : machine.success[0]).data));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    waits.asked = [];
    waits.skip = true;
    try {
      await client.poll.facelessVideo(1);
    } finally {
      waits.skip = false;
    }
    expect(server.seen).toHaveLength(3);
    expect(waits.asked).toEqual([machine.pollIntervalSeconds.min * 1000, machine.pollIntervalSeconds.min * 1000]);
  });
});
