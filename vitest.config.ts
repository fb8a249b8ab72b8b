import { defineConfig } from 'vitest/config'

// One runner for the whole monorepo: each package is a project, so `vitest run` at the root runs
// unit, property, contract, API and browser-journey tests together.
export default defineConfig({
  test: {
    projects: [
      'packages/ledger-core',
      'packages/event-store',
      'packages/api',
      'packages/cli',
      'packages/web',
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/ledger-core/src/tax/**', 'packages/ledger-core/src/projections/**'],
      thresholds: { lines: 95 },
    },
  },
})
