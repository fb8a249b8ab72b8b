/**
 * Where in a refused statement file the problem is, in the user's language: the readers say `line 12` (MT940, CSV)
 * or an XML element's path (camt.053, `/Document/BkToCstmrStmt/Stmt[1]`), in English (`@finance/books`
 * imports/bank/errors.ts).
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const statementWhere = (i18n: I18n, where: string): string => {
  const line = /^line (\d+)$/.exec(where)?.[1]
  return line !== undefined ? i18n._(msg`line ${line}`) : i18n._(msg`element ${where}`)
}
