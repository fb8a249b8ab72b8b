import { defineProject } from 'vitest/config'
import { webPlugins } from './vite.config.ts'

export default defineProject({
  plugins: webPlugins(),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
})
