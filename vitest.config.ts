import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // nock patches process-wide globals: files run in separate forks, tests in a file one by one.
    pool: 'forks',
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
  },
});
