// The document's servers (scripts/diff/servers.ts): paired by URL, then by description, then in the
// order left, so removing or reordering one says exactly that and nothing about the others.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';
import { pairServers, serverChanges } from '../../scripts/diff/servers.js';

const released = readRelease(releases().at(-1) as string) as any;

function changes(edit: (doc: any) => void) {
  const head = structuredClone(released);
  edit(head);
  return diffContracts(released, head).changes.map((c) => [c.class, c.pointer, c.message]);
}

describe('pairing', () => {
  const s = (url: string, description?: string) => ({ url, description });

  it('by URL first, wherever each stands in the list', () => {
    expect(pairServers([s('a'), s('b')], [s('b'), s('a')])).toEqual({
      pairs: [
        [0, 1],
        [1, 0],
      ],
      removed: [],
      added: [],
    });
  });

  it('then by description, for servers whose URLs changed and whose order changed', () => {
    const paired = pairServers([s('a', 'Production'), s('b', 'Staging')], [s('d', 'Staging'), s('c', 'Production')]);
    expect(paired).toEqual({
      pairs: [
        [0, 1],
        [1, 0],
      ],
      removed: [],
      added: [],
    });
  });

  it('then in the order left; what has no partner is removed or added', () => {
    expect(pairServers([s('a'), s('b'), s('c')], [s('x')])).toEqual({ pairs: [[0, 0]], removed: [1, 2], added: [] });
    expect(pairServers([s('a')], [s('a'), s('y', 'New')])).toEqual({ pairs: [[0, 0]], removed: [], added: [1] });
  });

  it('two servers without a description are not paired by their missing descriptions', () => {
    expect(pairServers([s('a'), s('b', 'Docs')], [s('e', 'Else'), s('f')]).pairs).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('an entry of the list that is not a server is not one', () => {
    expect(serverChanges({ servers: [s('a'), 'junk'] }, { servers: [s('a')] })).toEqual([]);
  });
});

describe('what the gate says', () => {
  it('the first server removed: one docs entry, nothing about the servers after it', () => {
    expect(changes((d) => d.servers.shift())).toEqual([
      ['docs', '/servers/0', 'Removed the server https://{productionHost}/v2 (Production).'],
    ]);
  });

  it('a server added: docs, at its place', () => {
    expect(changes((d) => d.servers.push({ url: 'https://{euHost}/v2' }))).toEqual([
      ['docs', '/servers/3', 'Added the server https://{euHost}/v2.'],
    ]);
  });

  it('the servers in another order: no change', () => {
    expect(changes((d) => d.servers.reverse())).toEqual([]);
  });

  it('a moved server whose guess is now stated: the note at its new place', () => {
    const found = changes((d) => {
      d.servers.shift();
      delete d.servers[0]['x-unspecified'];
    });
    expect(found).toEqual([
      ['non-breaking', '/servers/0/x-unspecified', expect.stringContaining('A guess becomes a stated rule')],
      ['docs', '/servers/0', 'Removed the server https://{productionHost}/v2 (Production).'],
    ]);
  });

  it('an extension of a server changed: non-breaking, at its place', () => {
    expect(changes((d) => (d.servers[2]['x-internal'] = false))).toEqual([
      ['non-breaking', '/servers/2/x-internal', 'x-internal changes.'],
    ]);
  });

  it('a base path changed where the server also moved: breaking, paired by its description', () => {
    const found = changes((d) => {
      const [production] = d.servers.splice(0, 1);
      d.servers.push({ ...production, url: 'https://{productionHost}/v3' });
    });
    expect(found).toEqual([
      [
        'breaking',
        '/servers/2/url',
        "The base path of the server https://{productionHost}/v2 changes from /v2 to /v3: every call's URL changes.",
      ],
    ]);
  });

  it('a URL without a path: its base path read as /', () => {
    expect(changes((d) => (d.servers[0].url = 'https://{productionHost}'))[0][2]).toBe(
      "The base path of the server https://{productionHost}/v2 changes from /v2 to /: every call's URL changes.",
    );
  });

  it('a variable added to a server: docs, naming it without a value (the value is an object)', () => {
    expect(changes((d) => (d.servers[1].variables.region = { default: 'eu' }))).toEqual([
      ['docs', '/servers/1/variables/region', 'Added variables.region of the server https://{stagingHost}/v2.'],
    ]);
  });

  it('a variable removed from a server: docs, naming the server', () => {
    expect(changes((d) => delete d.servers[1].variables.stagingHost.description)).toEqual([
      [
        'docs',
        '/servers/1/variables/stagingHost/description',
        'Removed variables.stagingHost.description = `"Staging host (the source calls it {staging_base_url})."` of the server https://{stagingHost}/v2.',
      ],
    ]);
  });
});
