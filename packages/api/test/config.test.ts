import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
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

  it('is tightened on start with what it holds: secrets.json and outbox messages 0600, the outbox 0700', async () => {
    const umask = process.umask(0o022)
    try {
      // As an older version, a copy or a hand left them: readable by others.
      const dir = join(mkdtempSync(join(tmpdir(), 'finance-data-')), 'data')
      loadConfig({ FINANCE_DATA_DIR: dir })
      const secrets = join(dir, 'secrets.json')
      const outbox = join(dir, 'outbox')
      const mail = join(outbox, '2026-11-29T10-00-00-000Z-0a1b2c3d.eml')
      mkdirSync(outbox)
      writeFileSync(mail, 'Subject: reset\n\ncode=…')
      const elsewhere = join(mkdtempSync(join(tmpdir(), 'finance-other-')), 'not-ours.txt')
      writeFileSync(elsewhere, 'someone else')
      symlinkSync(elsewhere, join(outbox, 'link.eml'))
      for (const [path, loose] of [
        [dir, 0o755],
        [secrets, 0o644],
        [outbox, 0o755],
        [mail, 0o644],
        [elsewhere, 0o644],
      ] as const)
        chmodSync(path, loose)
      expect([dir, secrets, outbox, mail].map(mode)).toEqual([0o755, 0o644, 0o755, 0o644])

      prepareDataDir(dir)
      expect([dir, secrets, outbox, mail].map(mode)).toEqual([0o700, 0o600, 0o700, 0o600])
      // A link is not followed: what it points at is not the data folder's to change.
      expect(mode(elsewhere)).toBe(0o644)
      // The secrets still read.
      expect(loadConfig({ FINANCE_DATA_DIR: dir }).generated).toEqual([])
    } finally {
      process.umask(umask)
    }
  })

  it('the outbox writer makes an existing loose outbox 0700 and each message a new file 0600', async () => {
    const umask = process.umask(0o022)
    try {
      const outbox = join(mkdtempSync(join(tmpdir(), 'finance-mail-')), 'outbox')
      mkdirSync(outbox)
      chmodSync(outbox, 0o777)
      const mailer = createMailer({ outboxDir: outbox })
      const sent = await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'code' })
      mailer.close()
      expect(mode(outbox)).toBe(0o700)
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
