// The one hash @stoplight/http-spec asks of fnv-plus (the ids of Prism's operation model), for the
// browser build: fnv-plus is 140 KB minified, most of it a big-number library the hash does not
// need. FNV-1a, 64 bits, over the string's UTF-16 code units, folded to 52 bits (the top 12 bits
// XORed into the bottom ones), as 13 hex digits. tests/packages/browser-build.test.ts holds it equal to fnv-plus.

const MASK16 = 0xffff;

/** FNV-1a 64 over the UTF-16 code units of `text`, folded to 52 bits, in hex. */
export function fast1a52hex(text: string): string {
  // The 64-bit state in four 16-bit limbs, lowest first; starts at the FNV-64 offset basis.
  let a = 0x2325;
  let b = 0x8422;
  let c = 0x9ce4;
  let d = 0xcbf2;
  for (let i = 0; i < text.length; i += 1) {
    a ^= text.charCodeAt(i);
    // Times the FNV-64 prime 2^40 + 435: each limb times 435, plus the state shifted 40 bits up
    // (limb a lands 8 bits into limb c, limb b 8 bits into limb d), carries passed upward.
    const ta = a * 435;
    const tb = b * 435 + (ta >>> 16);
    const tc = c * 435 + (a << 8) + (tb >>> 16);
    const td = d * 435 + (b << 8) + (tc >>> 16);
    a = ta & MASK16;
    b = tb & MASK16;
    c = tc & MASK16;
    d = td & MASK16;
  }
  // Bits 52..63 (the top 12 of limb d) fold onto bits 0..11.
  const top = d >>> 4;
  const low = ((b & MASK16) << 16) | a;
  const folded = (low ^ top) >>> 0;
  const high = (d & 0xf) * 0x10000 + c;
  return high.toString(16).padStart(5, '0') + folded.toString(16).padStart(8, '0');
}
