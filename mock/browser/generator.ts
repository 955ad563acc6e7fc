// The chunk loadGenerator() (mock/browser/generator-slot.ts) imports on the first dynamic example:
// json-schema-faker and seedrandom. Faker stays out (the slot says why).
export { JSONSchemaFaker } from 'json-schema-faker';
export { default as seedrandom } from 'seedrandom';
