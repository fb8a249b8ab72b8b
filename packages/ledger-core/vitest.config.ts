import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'ledger-core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
  },
})
