// The chunk loadYaml() (mock/browser/yaml-slot.ts) imports before the first scenario is read.
export { parse } from 'yaml';
