// stdin for the stdio transport, whole lines at a time. The SDK's reader appends every chunk to one
// buffer (a copy per chunk: a 16 MB message took seconds of copying); here the chunks of a line are
// gathered and handed on joined once, and a line over `limit` bytes ends the command through
// `onOverflow` instead of closing the connection silently.
import { Transform, type Readable } from 'node:stream';

export function lineStdin(input: Readable, limit: number, onOverflow: () => void): Readable {
  let pending: Buffer[] = [];
  let size = 0;
  let over = false;
  const lines = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (over) return done();
      const last = chunk.lastIndexOf(10);
      const first = chunk.indexOf(10);
      if (size + (last === -1 ? chunk.length : first) > limit) {
        over = true;
        pending = [];
        onOverflow();
        return done();
      }
      if (last === -1) {
        pending.push(chunk);
        size += chunk.length;
        return done();
      }
      const out = Buffer.concat([...pending, chunk.subarray(0, last + 1)]);
      const rest = chunk.subarray(last + 1);
      pending = rest.length ? [rest] : [];
      size = rest.length;
      done(null, out);
    },
  });
  return input.pipe(lines);
}
