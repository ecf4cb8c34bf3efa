import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/**
 * The e2e suite's global set-up: one server's first start (migrations, the admin), whose DATA_DIR each
 * test file's server starts from a copy of. A first start took 10 s, a start on a copy 5 s (2026-11-29).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-template-'));
  const server = await startServer({}, { dataDir });
  await server.stop();
  project.provide('e2eDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
