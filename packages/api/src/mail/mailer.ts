/**
 * Outgoing e-mail with nodemailer: through `SMTP_URL` when set, otherwise each message is written as an `.eml`
 * file under `{dataDir}/outbox/` so password reset and reminders work on a laptop without a mail server.
 */
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isEmailAddress } from '@finance/ledger-core/light'
import nodemailer from 'nodemailer'

export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface SentMail {
  readonly messageId: string
  /** The `.eml` file written when no SMTP server is configured. */
  readonly file?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<SentMail>
  close(): void
}

export interface MailerOptions {
  readonly smtpUrl?: string | undefined
  readonly outboxDir: string
  readonly from?: string
}

/**
 * Thrown for a recipient the e-mail rule refuses. The accounts service never hands one out; this guard keeps a
 * control character, a line break or an address separator out of the `To:` header whatever the caller, since the
 * transport would drop or split it and deliver the message to another address.
 */
export class UnsafeRecipient extends Error {
  constructor() {
    super('Refused to send an e-mail to an address the e-mail rule does not accept')
    this.name = 'UnsafeRecipient'
  }
}

/** The recipient, trimmed, when the e-mail rule accepts it. */
const recipientOf = (to: string): string => {
  if (!isEmailAddress(to)) throw new UnsafeRecipient()
  return to.trim()
}

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? 'Finance <finance@localhost>'
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message, to: recipientOf(message.to) })
        return { messageId: String(info.messageId) }
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox',
    async send(message) {
      const info = (await transport.sendMail({ from, ...message, to: recipientOf(message.to) })) as unknown as {
        messageId: string
        message: Buffer
      }
      // Messages carry reset links and accept keys: the outbox is owner-only like the data directory, made so when
      // it exists already (the mode of `mkdir` applies only to a directory it creates), and each message is a new
      // file created 0600 (`wx`: never one written before, never through a link).
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 })
      if (((await stat(options.outboxDir)).mode & 0o077) !== 0) await chmod(options.outboxDir, 0o700)
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message, { mode: 0o600, flag: 'wx' })
      return { messageId: String(info.messageId), file }
    },
    close: () => transport.close(),
  }
}
