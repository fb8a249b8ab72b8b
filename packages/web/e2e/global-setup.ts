import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** Builds the web app once (into packages/web/dist, which the server serves); starts nothing. */
export default async function setup(): Promise<void> {
  if (process.env.FINANCE_E2E_SKIP_BUILD === '1') return
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
    })
  } finally {
    process.env.NODE_ENV = previous
  }
}
