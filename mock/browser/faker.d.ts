// The faker Prism pins (6.x) names no types in its package exports; the generator chunk only passes it on.
declare module '@faker-js/faker' {
  export const faker: unknown;
}
