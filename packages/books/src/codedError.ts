/**
 * An error the caller translates: `code` is a catalog key (`whitelist.…`, `bank.…`), `message` the English text for
 * logs. The white list's and the bank statements' errors extend it.
 */
export class CodedError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}
