import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareDataDir } from '../src/bootstrap.ts'
import { loadConfig } from '../src/config.ts'
import { createMailer, UnsafeRecipient } from '../src/mail/mailer.ts'

describe('loadConfig', () => {
  it('generates missing secrets once into secrets.json (0600) and reuses them; the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'finance-config-'))
    const first = loadConfig({ FINANCE_DATA_DIR: dir, FINANCE_API_KEY: 'from-env' })
    expect(first.generated.sort()).toEqual(['jwtSecret', 'registrationKey'])
    expect(first.secrets.apiKey).toBe('from-env')
    const file = join(dir, 'secrets.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8'))).not.toHaveProperty('apiKey')
    const second = loadConfig({ FINANCE_DATA_DIR: dir })
    expect(second.secrets.jwtSecret).toBe(first.secrets.jwtSecret)
    expect(second.secrets.registrationKey).toBe(first.secrets.registrationKey)
    expect(second.generated).toEqual(['apiKey'])
    const third = loadConfig({ FINANCE_DATA_DIR: dir, FINANCE_JWT_SECRET: 'override' })
    expect(third.generated).toEqual([])
    expect(third.secrets.jwtSecret).toBe('override')
  })

  it('reads defaults and rejects malformed numbers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'finance-config-'))
    const c = loadConfig({ FINANCE_DATA_DIR: dir })
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      tokenMinutes: 20,
      reminderLeadDays: 3,
      publicUrl: 'http://127.0.0.1:3000',
    })
    expect(c.webRoot.endsWith(join('packages', 'web', 'dist'))).toBe(true)
    expect(loadConfig({ FINANCE_DATA_DIR: dir, FINANCE_PUBLIC_URL: 'https://books.example.com/' }).publicUrl).toBe(
      'https://books.example.com',
    )
    expect(() => loadConfig({ FINANCE_DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT must be an integer/)
    expect(() => loadConfig({ FINANCE_DATA_DIR: dir, FINANCE_TOKEN_MINUTES: '0' })).toThrow(/FINANCE_TOKEN_MINUTES/)
  })
})

describe('the data directory', () => {
  const mode = (path: string) => statSync(path).mode & 0o777

  it('is created 0700, and a looser one is tightened; secrets and mails inside are 0600', async () => {
    const umask = process.umask(0o022)
    try {
      const root = mkdtempSync(join(tmpdir(), 'finance-data-'))
      const fresh = join(root, 'fresh')
      loadConfig({ FINANCE_DATA_DIR: fresh })
      expect(mode(fresh)).toBe(0o700)
      const old = join(root, 'old')
      mkdirSync(old)
      chmodSync(old, 0o755)
      prepareDataDir(old)
      expect(mode(old)).toBe(0o700)
      const outbox = join(fresh, 'outbox')
      const mailer = createMailer({ outboxDir: outbox })
      const sent = await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'code' })
      mailer.close()
      expect(mode(outbox)).toBe(0o700)
      expect(readdirSync(outbox)).toHaveLength(1)
      expect(mode(sent.file!)).toBe(0o600)
    } finally {
      process.umask(umask)
    }
  })

  it('never hands the transport a recipient the e-mail rule refuses (no header injection, no other address)', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'finance-mail-')), 'outbox')
    const mailer = createMailer({ outboxDir: outbox })
    try {
      for (const to of [
        'x\u0000y@ex.com',
        'x\u0001y@ex.com',
        'a@ex.com\r\nBcc: b@ex.com',
        'a@ex.com, b@ex.com',
        '<b@ex.com>',
      ]) {
        await expect(mailer.send({ to, subject: 'Reset', text: 'code' })).rejects.toThrow(UnsafeRecipient)
      }
      expect(existsSync(outbox)).toBe(false)
      const sent = await mailer.send({ to: ' a@example.com ', subject: 'Reset', text: 'code' })
      expect(readFileSync(sent.file!, 'utf8')).toMatch(/^To: a@example\.com$/m)
    } finally {
      mailer.close()
    }
  })
})
