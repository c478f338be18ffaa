import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestFiles } from './test/support/isolation.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const include = ['test/**/*.test.ts', 'src/**/*.test.ts'];
// Files that may share a worker (see test/support/isolation.ts); every other file gets a process of its own.
const shared = sharedTestFiles(root);

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Both cores: many files wait on child processes and sockets, and vitest's default (cores - 1) is one worker here.
    maxWorkers: Number(process.env.STUNTDOUBLE_TEST_WORKERS) || 2,
    // The built package (dist/, where `stuntdouble` resolves) loads as Node loads it in a user's project,
    // not through vite's module runner: a third of a shared worker's CPU went to running dist through it.
    server: { deps: { external: [/\/dist\//] } },
    env: {
      GOOGLE_API_KEY: '',
      GEMINI_API_KEY: '',
      GOOGLE_CLOUD_PROJECT: '',
      GOOGLE_CLOUD_LOCATION: '',
      GOOGLE_GENAI_USE_VERTEXAI: '',
      GOOGLE_VERTEX_BASE_URL: '',
      GOOGLE_GEMINI_BASE_URL: '',
      GOOGLE_GENAI_API_VERSION: '',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include,
          exclude: [...configDefaults.exclude, ...shared.dist, ...shared.src],
          // nock and msw patch process-wide globals: each of these files runs in a fresh fork, tests in a file one by one.
          pool: 'forks',
          isolate: true,
        },
      },
      ...(['dist', 'src'] as const).map((copy) => ({
        extends: true as const,
        test: {
          name: `shared-${copy}`,
          include: shared[copy],
          // Files that leave the process as they found it (test/support/leak-guard.ts checks each) share a
          // worker: the package and the SDKs load once per worker, not once per file.
          pool: 'forks' as const,
          isolate: false,
          setupFiles: ['./test/support/leak-guard.ts'],
        },
      })),
    ],
  },
});
