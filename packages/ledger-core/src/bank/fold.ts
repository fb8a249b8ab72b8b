/** The fold of the bank events into a `BankDraft` (called by `model/evolve.ts`). */
import { markDeleted } from '../model/cowMap.ts'
import type { LedgerEvent } from '../events.ts'
import type { BankDraft } from './state.ts'

export type BankEvent = Extract<LedgerEvent, { type: `Bank${string}` }>

export const isBankEvent = (e: LedgerEvent): e is BankEvent => e.type.startsWith('Bank')

export const applyBank = (d: BankDraft, e: BankEvent): void => {
  switch (e.type) {
    case 'BankAccountSaved':
      d.accounts.set(e.data.id, { ...e.data, deleted: false })
      return
    case 'BankAccountDeleted':
      markDeleted(d.accounts, e.data.id)
      return
    case 'BankZusAccountSet':
      d.zusAccount = e.data.account
      return
    case 'BankStatementImported': {
      const { lines, ...rest } = e.data
      d.statements.set(e.data.key, { ...rest, newLines: lines.length })
      for (const l of lines) d.lines.set(l.lineId, { ...l, accountId: e.data.accountId, statement: e.data.key })
      return
    }
    case 'BankLineMatched':
      d.matches.set(e.data.lineId, e.data)
      return
    case 'BankLineUnmatched':
      d.matches.delete(e.data.lineId)
      return
    case 'BankRuleSaved':
      d.rules.set(e.data.id, { id: e.data.id, data: e.data.data, deleted: false })
      return
    case 'BankCsvMappingSaved':
      d.csvMappings.set(e.data.id, { ...e.data, deleted: false })
      return
    case 'BankCsvMappingDeleted':
      markDeleted(d.csvMappings, e.data.id)
      return
    case 'BankWhiteListChecked':
      d.whiteList.set(e.data.lineId, e.data)
      return
    case 'BankRuleDeleted':
      markDeleted(d.rules, e.data.id)
      return
  }
}
