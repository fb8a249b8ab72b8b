import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'books',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
})
