/**
 * A user error (wrong input, unknown user, refused operation; exit code 1) or a usage error (exit code 2). The
 * message is a function of the language (a message of the CLI's table, printed in the run's language) or a text
 * already in it. `message` is the English text.
 */
import { type Lang, type MessageArgs, type MessageKey, translate } from './i18n.ts'

export class CliError extends Error {
  override readonly name = 'CliError'
  readonly exitCode: 1 | 2
  /** The message in a language. */
  readonly text: (lang: Lang) => string
  constructor(text: string | ((lang: Lang) => string), exitCode: 1 | 2 = 1) {
    const render = typeof text === 'string' ? () => text : text
    super(render('en'))
    this.text = render
    this.exitCode = exitCode
  }
}

/** A user error (exit code 1) from the message table. */
export const userError = <K extends MessageKey>(key: K, ...values: MessageArgs<K>): CliError =>
  new CliError((lang) => translate(lang, key, ...values))

/** A usage error (exit code 2) from the message table. */
export const usageError = <K extends MessageKey>(key: K, ...values: MessageArgs<K>): CliError =>
  new CliError((lang) => translate(lang, key, ...values), 2)

export const ExitCode = { Ok: 0, UserError: 1, Usage: 2 } as const
