/** Reading bank statement files (MT940, camt.053, CSV) into `BankStatement`s, and checking that they add up. */
export { CAMT053_SCHEMAS, camtVersionOf, checkCamt053, parseCamt053, validateCamt053 } from './camt053.ts'
export { csvRows, parseCsv } from './csv.ts'
export { decodeStatement, detectFormat } from './detect.ts'
export { isValidIban, normaliseIban, polishIbanOf } from './iban.ts'
export { amountToGrosze, formatAmount } from './money.ts'
export { parseMt940 } from './mt940.ts'
export {
  MAX_STATEMENT_BYTES,
  parseStatementFile,
  readStatementFile,
  readStatementFiles,
  type StatementFileOptions,
  type StatementFileResult,
} from './parse.ts'
export { type Continuity, continuity, linesTotal, type Reconciliation, reconcile } from './reconcile.ts'
export { parseSplitPayment, type SplitPayment } from './splitPayment.ts'
export type * from './types.ts'
