// The request journal (mock/control/journal.ts) in process: newest first, paged by count and by
// bytes with the offset of the next page, filtered by token, held within its count and byte budget
// (the oldest go first), long strings cut with a note of their length.
import { describe, expect, it } from 'vitest';
import { cut, JOURNAL_PAGE_BYTES, JOURNAL_SIZE, Journal, type JournalInput, MAX_JOURNAL_STRING } from '../../mock/control/journal.js';

function call(n: number, extra: Partial<JournalInput> = {}): JournalInput {
  return { method: 'GET', path: `/v2/voices/${n}`, operationId: 'getVoice', status: 200, durationMs: n, startedAt: n * 1000, ...extra };
}

const paths = (entries: { path: string }[]) => entries.map((e) => e.path);

describe('what an entry shows', () => {
  it('its time written out, its token masked, the rest as given', () => {
    const journal = new Journal();
    journal.add('secret-token-of-a-developer', call(7, { fault: 3 }));
    journal.add(undefined, call(8, { operationId: null, status: 401 }));
    expect(journal.list()).toEqual([
      { time: '1970-01-01T00:00:08.000Z', token: null, method: 'GET', path: '/v2/voices/8', operationId: null, status: 401, durationMs: 8 },
      {
        time: '1970-01-01T00:00:07.000Z',
        token: 'secret…per',
        method: 'GET',
        path: '/v2/voices/7',
        operationId: 'getVoice',
        status: 200,
        durationMs: 7,
        fault: 3,
      },
    ]);
  });

  it('a long path, file name, field or content type is cut, with its length', () => {
    const journal = new Journal();
    const long = 'x'.repeat(MAX_JOURNAL_STRING + 1);
    journal.add('t', {
      ...call(1, { path: `/v2/${'p'.repeat(3000)}` }),
      uploads: [
        { field: long, filename: long, contentType: long, size: 1, sha256: 'a' },
        { field: 'file', size: 2, sha256: 'b' },
      ],
    });
    const [entry] = journal.list();
    expect(entry.path).toBe(`/v2/${'p'.repeat(2044)}… (3004 characters)`);
    const noted = `${'x'.repeat(MAX_JOURNAL_STRING)}… (${MAX_JOURNAL_STRING + 1} characters)`;
    expect(entry.uploads).toEqual([
      { field: noted, filename: noted, contentType: noted, size: 1, sha256: 'a' },
      { field: 'file', size: 2, sha256: 'b' },
    ]);
  });

  it('cut keeps a string of exactly the limit whole', () => {
    expect(cut('abcd', 4)).toBe('abcd');
    expect(cut('abcde', 4)).toBe('abcd… (5 characters)');
  });
});

describe('pages', () => {
  it('newest first, limit and offset, and the offset of the next page until the last', () => {
    const journal = new Journal();
    for (let n = 1; n <= 7; n += 1) journal.add('t', call(n));
    const first = journal.page({ limit: 3 });
    expect({ paths: paths(first.requests), next: first.next }).toEqual({
      paths: ['/v2/voices/7', '/v2/voices/6', '/v2/voices/5'],
      next: 3,
    });
    const second = journal.page({ limit: 3, offset: 3 });
    expect({ paths: paths(second.requests), next: second.next }).toEqual({
      paths: ['/v2/voices/4', '/v2/voices/3', '/v2/voices/2'],
      next: 6,
    });
    const last = journal.page({ limit: 3, offset: 6 });
    expect({ paths: paths(last.requests), next: last.next }).toEqual({ paths: ['/v2/voices/1'], next: null });
    expect(journal.page({ limit: 7 }).next).toBeNull();
    expect(journal.page({ offset: 9 })).toEqual({ requests: [], next: null });
  });

  it("one token's calls only, paged among themselves", () => {
    const journal = new Journal();
    for (let n = 1; n <= 6; n += 1) journal.add(n % 2 ? 'odd' : 'even', call(n));
    expect(paths(journal.list({ token: 'odd' }))).toEqual(['/v2/voices/5', '/v2/voices/3', '/v2/voices/1']);
    const page = journal.page({ token: 'even', limit: 1, offset: 1 });
    expect({ paths: paths(page.requests), next: page.next }).toEqual({ paths: ['/v2/voices/4'], next: 2 });
  });

  it('a page stops before passing its byte budget, but always holds one entry', () => {
    const journal = new Journal();
    const big = (n: number) =>
      call(n, { path: `/v2/${'b'.repeat(2000)}${n}`, uploads: Array.from({ length: 3000 }, () => ({ field: 'f', size: 1, sha256: 'x' })) });
    for (let n = 1; n <= 4; n += 1) journal.add('t', big(n));
    const first = journal.page();
    // Each entry is about 0.37 MB of its approximate JSON size, so two fit in a page of 1 MB.
    expect(first.requests.length).toBe(2);
    expect(first.next).toBe(2);
    expect(journal.page({ offset: 2 }).next).toBeNull();
    expect(JOURNAL_PAGE_BYTES).toBe(1024 * 1024);
  });

  it('a page holds entries that fill its byte budget exactly; one byte more and the second waits', () => {
    const upload = { field: 'f', size: 1, sha256: 'x' };
    const entry = (n: number, uploads: number, pad: number) =>
      call(n, { path: `/v2/${'p'.repeat(pad)}`, uploads: Array.from({ length: uploads }, () => upload) });
    const sizeOf = (uploads: number, pad: number) => {
      const probe = new Journal();
      probe.add('t', entry(1, uploads, pad));
      return probe.bytes;
    };
    // Half a page each: as many uploads as fit, then the path takes up what is left.
    const perUpload = sizeOf(1, 0) - sizeOf(0, 0);
    const uploads = Math.floor((JOURNAL_PAGE_BYTES / 2 - sizeOf(0, 0)) / perUpload);
    const pad = JOURNAL_PAGE_BYTES / 2 - sizeOf(uploads, 0);
    expect(sizeOf(uploads, pad)).toBe(JOURNAL_PAGE_BYTES / 2);
    const fits = new Journal();
    for (let n = 1; n <= 3; n += 1) fits.add('t', entry(n, uploads, pad));
    expect([fits.page().requests.length, fits.page().next]).toEqual([2, 2]);
    const over = new Journal();
    for (let n = 1; n <= 3; n += 1) over.add('t', entry(n, uploads, pad + 1));
    expect([over.page().requests.length, over.page().next]).toEqual([1, 1]);
  });

  it('never more than JOURNAL_SIZE entries in a page, whatever the limit asked', () => {
    const journal = new Journal();
    for (let n = 1; n <= JOURNAL_SIZE + 5; n += 1) journal.add('t', call(n));
    const page = journal.page({ limit: JOURNAL_SIZE + 5 });
    expect(page.requests.length).toBe(JOURNAL_SIZE);
    expect(page.requests.at(-1)?.path).toBe('/v2/voices/6');
  });
});

describe('what is held', () => {
  it('the newest JOURNAL_SIZE entries, also after many more calls', () => {
    const journal = new Journal();
    for (let n = 1; n <= JOURNAL_SIZE * 2 + 1; n += 1) journal.add('t', call(n));
    const all = journal.list();
    expect(all.length).toBe(JOURNAL_SIZE);
    expect(all[0].path).toBe(`/v2/voices/${JOURNAL_SIZE * 2 + 1}`);
    expect(all.at(-1)?.path).toBe(`/v2/voices/${JOURNAL_SIZE + 2}`);
    // What it holds is counted, whatever was cut: entries of equal size here.
    const one = new Journal();
    one.add('t', call(JOURNAL_SIZE * 2 + 1));
    expect(journal.bytes).toBe(one.bytes * JOURNAL_SIZE);
  });

  it('the oldest entries go when the byte budget is passed, the newest always stays', () => {
    const one = new Journal();
    one.add('t', call(1));
    const size = one.bytes;
    const journal = new Journal(size * 2 + 1);
    for (let n = 1; n <= 3; n += 1) journal.add('t', call(n));
    expect(paths(journal.list())).toEqual(['/v2/voices/3', '/v2/voices/2']);
    expect(journal.bytes).toBe(size * 2);
    const tiny = new Journal(1);
    tiny.add('t', call(1));
    tiny.add('t', call(2));
    expect(paths(tiny.list())).toEqual(['/v2/voices/2']);
    expect(tiny.bytes).toBe(size);
  });

  it('a budget reached exactly keeps what it holds; many calls under a budget keep the newest that fit', () => {
    const one = new Journal();
    one.add('t', call(1));
    const exact = new Journal(one.bytes * 2);
    for (let n = 1; n <= 3; n += 1) exact.add('t', call(n));
    expect([paths(exact.list()), exact.bytes]).toEqual([['/v2/voices/3', '/v2/voices/2'], one.bytes * 2]);
    // More entries held than half of JOURNAL_SIZE, fewer than it: the budget alone decides what goes
    // (calls 100 to 999, whose paths are all as long).
    const last = new Journal();
    last.add('t', call(999));
    expect([600 > JOURNAL_SIZE / 2, 600 < JOURNAL_SIZE]).toEqual([true, true]);
    const many = new Journal(last.bytes * 600);
    for (let n = 100; n <= 999; n += 1) many.add('t', call(n));
    expect(paths(many.list())).toEqual(Array.from({ length: 600 }, (_, i) => `/v2/voices/${999 - i}`));
  });

  it('the approximate size counts the path, the token, the operationId and each upload', () => {
    const bytes = (token: string | undefined, input: JournalInput) => {
      const journal = new Journal();
      journal.add(token, input);
      return journal.bytes;
    };
    const base = bytes(undefined, call(1, { path: '', operationId: null }));
    expect(base).toBe(200);
    expect(bytes('abcd', call(1, { path: '/v2', operationId: 'getMe' }))).toBe(200 + 3 + 4 + 5);
    expect(
      bytes(
        undefined,
        call(1, {
          path: '',
          operationId: null,
          uploads: [{ field: 'ab', filename: 'c.mp4', contentType: 'video/mp4', size: 1, sha256: 'x' }],
        }),
      ),
    ).toBe(200 + 120 + 2 + 5 + 9);
  });

  it("clearing forgets all, or one token's entries, and what they held", () => {
    const journal = new Journal();
    journal.add('a', call(1));
    journal.add('b', call(2));
    journal.add('a', call(3));
    const each = journal.bytes / 3;
    journal.clear('a');
    expect(paths(journal.list())).toEqual(['/v2/voices/2']);
    expect(journal.bytes).toBe(each);
    journal.clear();
    expect(journal.list()).toEqual([]);
    expect(journal.bytes).toBe(0);
  });
});
