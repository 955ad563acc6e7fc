// The patterns of lib/contract/templates.ts are built when the module loads. This file loads the
// module afresh inside its test, so that the mutation run (which switches one mutant on while a
// test runs) checks the patterns too. In a file of its own: it resets the module registry.
import { expect, it, vi } from 'vitest';

it('a freshly loaded templates module reads a {name} only as a whole segment, names of any length', async () => {
  vi.resetModules();
  const fresh = await import('../../lib/contract/templates.js');
  expect(fresh.templateParams('/text-to-scene/{storyboard}/scenes/{scene}')).toEqual(['storyboard', 'scene']);
  expect(fresh.templateParams('/files/{name}.json/{id}')).toEqual(['id']);
  expect(fresh.templateParams('/a/x{y}/{}/{zz}')).toEqual(['zz']);
  expect(fresh.substituteParams('/text-to-scene/{storyboard}/scenes/{scene}', (name) => name.toUpperCase())).toBe(
    '/text-to-scene/STORYBOARD/scenes/SCENE',
  );
  expect(fresh.substituteParams('/a/{}/{b}', () => 'x')).toBe('/a/{}/x');
});
