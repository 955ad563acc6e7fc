// The chunk loadGenerator() (mock/browser/generator-slot.ts) imports on the first dynamic example:
// json-schema-faker and faker (English only: scripts/pack/bundle.ts trims its locales), and seedrandom.
export { faker } from '@faker-js/faker';
export { JSONSchemaFaker } from 'json-schema-faker';
export { default as seedrandom } from 'seedrandom';
