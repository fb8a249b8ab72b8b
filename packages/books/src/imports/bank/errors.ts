/**
 * How a parser refuses a file: it throws a `StatementError` with a code for the catalogs (`bank.…`), an English
 * message for logs, and where (the 1-based line, or the XML element); `parseStatementFile` turns it into the
 * refusal it returns. The whole file is refused: nothing of it is returned.
 */
import { CodedError } from '../../codedError.ts'
import type { StatementParseError } from './types.ts'

export class StatementError extends CodedError {
  readonly where: string | undefined
  /** The figures the message gives (amounts as decimal strings), for the catalogs to say them in their language. */
  readonly params: Readonly<Record<string, string>> | undefined

  constructor(code: string, message: string, where?: string | number, params?: Readonly<Record<string, string>>) {
    super(code, message)
    this.where = where === undefined ? undefined : String(where)
    this.params = params
  }

  toParseError(): StatementParseError {
    return {
      code: this.code,
      message: this.message,
      ...(this.where !== undefined ? { where: this.where } : {}),
      ...(this.params !== undefined ? { params: this.params } : {}),
    }
  }
}

/** A 1-based line as the `where` of an error: "line 12". */
export const atLine = (line: number) => `line ${line}`
