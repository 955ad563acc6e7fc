// The packages tier's globalSetup (vitest.config.ts): `npm run pack` once, then one consumer project
// in an empty folder outside the repository that installs the three tarballs and everything the
// consumer suites use (the union of their needs, at the repository's pinned versions). Each suite
// works in a folder of its own inside it (tests/support/consumer.ts, sharedConsumer). Removed after
// the run.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CONSUMER_DEV_PACKAGES, CONSUMER_TOOLS, installConsumer, mswSpec, packAll } from '../support/consumer.js';

export default async function setup(project: TestProject) {
  const started = Date.now();
  const tarballs = await packAll();
  const packedMs = Date.now() - started;
  const consumer = await installConsumer(
    'video-api-consumers-',
    [...Object.values(tarballs), mswSpec(), ...CONSUMER_TOOLS],
    CONSUMER_DEV_PACKAGES,
  );
  console.log(`packages: packed in ${packedMs} ms, one consumer project installed in ${Date.now() - started - packedMs} ms`);
  project.provide('tarballs', tarballs);
  project.provide('consumerDir', consumer);
  return () => rmSync(consumer, { recursive: true, force: true });
}
