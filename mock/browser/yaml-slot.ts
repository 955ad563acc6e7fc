// In the browser build only (scripts/pack/bundle.ts), the scenario reader (mock/control/scenario.ts)
// imports this file in place of the `yaml` package (100 KB), which is loaded as a separate chunk
// (mock/browser/yaml.ts) before a scenario is read: mock/on-demand.browser.ts sees to that.

type Parse = (text: string) => unknown;

let parse: Parse | undefined;
let loading: Promise<void> | undefined;

export function loadYaml(): Promise<void> {
  loading ??= import('./yaml.js').then((loaded) => {
    parse = loaded.parse;
  });
  return loading;
}

export default {
  parse(text: string): unknown {
    if (!parse) throw new Error('mock: the YAML reader is not loaded yet');
    return parse(text);
  },
};
