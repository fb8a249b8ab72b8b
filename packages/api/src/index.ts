export { type BuildAppOptions, buildApp, loggerOptions } from './app.ts'
export { type Config, loadConfig, testConfig } from './config.ts'
export { ensureAdmin } from './bootstrap.ts'
export { createMailer, type Mailer } from './mail/mailer.ts'
