// Schemathesis prints pytest-style banners (`===== 1 warning in 76.06s =====`). Inside `npm test`
// such a line reads, to a CI log parser, as the closing line of a pytest run that ran nothing, so
// the runner passes Schemathesis's console output through this filter: banner lines become plain
// `[schemathesis] …` lines and TAP / node:test totals (`# pass 3`) lose their leading `#`. Only the
// console is rewritten; the JUnit report and the summary keep everything.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

// The escape character starts an ANSI colour code.
const ANSI = /\u001b\[[0-9;]*m/g;

/** One console line as printed inside `npm test`: never another runner's closing line. */
export function neutralizeLine(line: string): string {
  const plain = line.replace(ANSI, '');
  const banner = /^\s*[=_-]{3,}\s*(.*?)\s*[=_-]{3,}\s*$/.exec(plain);
  if (banner) {
    const text = banner[1];
    if (!text) return plain.replace(/[=]/g, '-');
    // `1 warning in 76.06s` -> `finished: 1 warning (76.06s)`: the figure stays, the shape goes.
    const closing = /^(.*?)\s+in\s+([\d.]+m?s)$/.exec(text);
    return closing ? `[schemathesis] finished: ${closing[1]} (${closing[2]})` : `[schemathesis] ${text}`;
  }
  const tap = /^\s*#\s+(pass|fail|tests|skip|todo|cancelled|suites|duration_ms)\s+\d/.exec(plain);
  if (tap) return `[schemathesis] ${plain.replace(/^\s*#\s+/, '')}`;
  return line;
}

/** Copies `from` to `to` line by line through neutralizeLine; resolves when `from` ends. */
export function pipeNeutralized(from: Readable, to: Writable): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => to.write(`${neutralizeLine(line)}\n`));
    lines.on('close', () => resolve());
  });
}
