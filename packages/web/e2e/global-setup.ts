import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { build } from 'vite'

declare module 'vitest' {
  export interface ProvidedContext {
    webRoot: string
  }
}

/**
 * Builds the web app once per run, into a private temp dir (so parallel runs and `npm run build` never swap the
 * files under a running journey), and hands its path to the tests (`inject('webRoot')`, read by the harness,
 * which passes it to the server as FINANCE_WEB_ROOT). Starts nothing. With FINANCE_E2E_SKIP_BUILD=1 the existing
 * packages/web/dist is served instead.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.FINANCE_E2E_SKIP_BUILD === '1') {
    project.provide('webRoot', fileURLToPath(new URL('../dist', import.meta.url)))
    return () => {}
  }
  const outDir = mkdtempSync(join(tmpdir(), 'finance-web-'))
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    process.env.NODE_ENV = previous
  }
  project.provide('webRoot', outDir)
  return () => rmSync(outDir, { recursive: true, force: true })
}
