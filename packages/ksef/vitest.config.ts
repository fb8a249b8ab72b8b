import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'ksef',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // A simulator starts per test (its keys, the official document's validators): seconds on a shared machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
