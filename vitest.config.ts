import { defineConfig } from 'vitest/config'

// One runner for the whole monorepo: every package contributes projects (`packages/*/vitest*.config.ts`),
// so `vitest run` at the root runs unit, property, contract, API, CLI and browser-journey tests together.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/count-reporter.ts'],
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vitest.*.config.ts',
      // The repository's own rules (package boundaries): scripts/*.test.ts.
      { test: { name: 'architecture', include: ['scripts/*.test.ts'], environment: 'node' } },
    ],
    coverage: {
      provider: 'v8',
      // Patterns are matched against paths relative to each project's root (Vitest 5): the core's law and projections.
      include: ['src/tax/**/*.ts', 'src/projections/**/*.ts'],
      thresholds: { lines: 95 },
    },
  },
})
