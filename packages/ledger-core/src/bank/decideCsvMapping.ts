/** `SaveBankCsvMapping` / `DeleteBankCsvMapping`: the user's CSV column mappings kept with the books. */
import * as Schema from 'effect/Schema'
import type { BooksState } from '../model/state.ts'
import { type DomainError, domainError, type FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import type { DeleteBankCsvMapping, SaveBankCsvMapping } from './commands.ts'
import { BankCsvMappingSchema } from './events.ts'
import { normalizeIban } from './iban.ts'
import { csvHeaderSignature } from './state.ts'

const decodeMapping = Schema.decodeUnknownEither(BankCsvMappingSchema, { onExcessProperty: 'error' })

const invalid = (errors: FieldError[]): DomainError => domainError('VALIDATION', errors[0]!.message, errors)

export const decideSaveCsvMapping = (state: BooksState, c: SaveBankCsvMapping): LedgerEvent[] | DomainError => {
  const existing = c.id !== undefined ? state.bank.csvMappings.get(c.id) : undefined
  if (c.id !== undefined && (!existing || existing.deleted)) return domainError('NOT_FOUND')
  const errors: FieldError[] = []
  const name = typeof c.name === 'string' ? c.name.trim() : ''
  if (name === '') errors.push({ field: 'name', code: 'REQUIRED', message: 'Name is required' })
  else if (name.length > 100)
    errors.push({ field: 'name', code: 'INVALID_TEXT', message: 'Name must be at most 100 characters' })
  const raw = typeof c.mapping === 'object' && c.mapping !== null ? (c.mapping as Record<string, unknown>) : null
  const account = raw && typeof raw.account === 'string' ? normalizeIban(raw.account) : null
  if (raw && raw.account !== undefined && account === null)
    errors.push({ field: 'mapping.account', code: 'VALIDATION', message: 'Account number is not a valid IBAN' })
  const decoded = raw ? decodeMapping(account ? { ...raw, account } : raw) : null
  if (!decoded || decoded._tag === 'Left')
    errors.push({
      field: 'mapping',
      code: 'VALIDATION',
      message: 'The mapping is not complete: delimiter, header line, date format, decimal comma and the columns',
    })
  const mapping = decoded && decoded._tag === 'Right' ? decoded.right : null
  if (mapping) {
    const cols = mapping.columns
    if (cols.amount === undefined && (cols.debit === undefined || cols.credit === undefined))
      errors.push({
        field: 'mapping.columns.amount',
        code: 'REQUIRED',
        message: 'Choose the amount column, or both the debit and the credit column',
      })
  }
  const header =
    typeof c.header === 'string' && mapping ? csvHeaderSignature(c.header, mapping.delimiter).slice(0, 2000) : ''
  if (mapping && header === '')
    errors.push({ field: 'header', code: 'REQUIRED', message: 'The header row of the file is required' })
  if (errors.length > 0) return invalid(errors)
  return [
    {
      type: 'BankCsvMappingSaved',
      data: { id: existing?.id ?? state.nextId, name, header, mapping: mapping! },
    },
  ]
}

export const decideDeleteCsvMapping = (state: BooksState, c: DeleteBankCsvMapping): LedgerEvent[] | DomainError => {
  const m = state.bank.csvMappings.get(c.id)
  if (!m) return domainError('NOT_FOUND')
  if (m.deleted) return domainError('ALREADY_DELETED')
  return [{ type: 'BankCsvMappingDeleted', data: { id: m.id } }]
}
