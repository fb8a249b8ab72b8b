import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'event-store',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
  },
})
