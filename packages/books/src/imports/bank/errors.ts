/**
 * How a parser refuses a file: it throws a `StatementError` with a code for the catalogs (`bank.…`), an English
 * message for logs, and where (the 1-based line, or the XML element); `parseStatementFile` turns it into the
 * refusal it returns. The whole file is refused: nothing of it is returned.
 */
import { CodedError } from '../../codedError.ts'
import type { StatementParseError } from './types.ts'

export class StatementError extends CodedError {
  readonly where: string | undefined

  constructor(code: string, message: string, where?: string | number) {
    super(code, message)
    this.where = where === undefined ? undefined : String(where)
  }

  toParseError(): StatementParseError {
    return { code: this.code, message: this.message, ...(this.where !== undefined ? { where: this.where } : {}) }
  }
}

/** A 1-based line as the `where` of an error: "line 12". */
export const atLine = (line: number) => `line ${line}`
