/**
 * API processes as `npm start` runs them (`packages/api/bin/server.mjs`, each a Node process of its own on a free
 * port of 127.0.0.1) sharing one PostgreSQL database in a schema of their own: the instances test and the soak bench.
 * Imports nothing from Vitest, so a bench may use it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from './ports.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * A fresh schema `{prefix}_…` on the database at `url` and a data dir for the instances: `start` runs one more (with
 * `env` beside the store's), `stop` ends them all, `drop` drops the schema and removes the data dir.
 */
export const postgresInstances = (url: string, prefix: string) => {
  const schema = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const dataDir = mkdtempSync(join(tmpdir(), `finance-${prefix}-`))
  const children: ChildProcess[] = []
  return {
    schema,
    /** Starts the instance `name` and resolves with its API's base URL and its pid once it listens. */
    start: async (name: string, env: Record<string, string>): Promise<{ base: string; pid: number }> => {
      const port = await freePort()
      const child = spawn(process.execPath, [join(root, 'packages/api/bin/server.mjs')], {
        cwd: root,
        env: {
          ...process.env,
          FINANCE_STORE: 'postgres',
          DATABASE_URL: url,
          FINANCE_PG_SCHEMA: schema,
          FINANCE_DATA_DIR: join(dataDir, name),
          FINANCE_WEB_ROOT: join(dataDir, 'no-web'),
          ...env,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      children.push(child)
      let stderr = ''
      child.stderr!.on('data', (d) => {
        stderr += String(d)
      })
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (line.startsWith('Finance is running at')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${stderr}`)))
      })
      return { base: `http://127.0.0.1:${port}/api`, pid: child.pid! }
    },
    stop: async () => {
      for (const child of children) child.kill('SIGTERM')
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))))
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await client.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
