/**
 * `npm start`: loads the configuration, opens the event store, creates the first ADMIN on an empty store, starts
 * the server and prints where it listens and how to log in.
 */
import { join } from 'node:path'
import { describeStoreConfig, openStoreFromEnv } from '@finance/event-store'
import { createAccounts } from '@finance/books'
import { buildApp, loggerOptions } from './app.ts'
import { ensureAdmin, prepareDataDir } from './bootstrap.ts'
import { loadConfig } from './config.ts'

async function main() {
  const config = loadConfig(process.env)
  prepareDataDir(config.dataDir)
  const store = await openStoreFromEnv({ env: process.env, dataDir: config.dataDir })
  const accounts = createAccounts(store)
  const admin = await ensureAdmin(accounts, { email: config.adminEmail, password: config.adminPassword })
  const app = await buildApp({
    store,
    config,
    accounts,
    logger: loggerOptions(process.env.LOG_LEVEL ?? 'info'),
    closeStore: true,
  })
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`)
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
  const lines = [
    '',
    `Finance is running at ${url}  (API docs: ${url}/api/docs)`,
    `Event ${describeStoreConfig(process.env, config.dataDir)}`,
  ]
  if (config.generated.length > 0) {
    lines.push(`Generated secrets were written to ${join(config.dataDir, 'secrets.json')} (mode 0600):`)
    if (config.generated.includes('registrationKey'))
      lines.push(`  registration key (needed to register users): ${config.secrets.registrationKey}`)
    if (config.generated.includes('apiKey'))
      lines.push(`  ADMIN api key (needed for the logs): ${config.secrets.apiKey}`)
    if (config.generated.includes('jwtSecret')) lines.push('  JWT signing key: generated (kept in the file)')
  }
  if (admin?.generatedPassword) {
    lines.push(
      `First ADMIN created: ${admin.email}`,
      `  password (shown only now, change it after logging in): ${admin.generatedPassword}`,
    )
  } else if (admin) {
    lines.push(`First ADMIN created: ${admin.email} (password from FINANCE_ADMIN_PASSWORD)`)
  }
  lines.push(`Log in at ${url}/user/login with an ADMIN or user account.`, '')
  process.stdout.write(`${lines.join('\n')}\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(`Finance failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
