// fnv-plus (http-spec's hash library) ships no types; the browser-build test compares mock/browser/fnv52.ts with it.
declare module 'fnv-plus' {
  const fnv: { fast1a52hex(text: string): string };
  export default fnv;
}
