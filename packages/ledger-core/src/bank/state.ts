/**
 * The bank half of the books state: the user's accounts, the statements imported, every line once (by its stable
 * line id), what each line was matched to, and the user's rules. Folded by `applyBank` from the `Bank*` events
 * (docs/events.md); persistent maps like the rest of the state, so a fold of 50 000 lines copies nothing twice.
 */
import type { CowDraft } from '../model/cowMap.ts'
import { CowMap, freezeDrafts } from '../model/cowMap.ts'
import type { ExpenseColumn } from '../schemas/records.ts'
import type { LocalDateString, MoneyString } from '../types.ts'
import { type SegmentedDraft, SegmentedMap } from './segmentedMap.ts'

export type BankAccountKind = 'business' | 'vat'

export interface BankAccountState {
  readonly id: number
  /** `PL` + 26 digits (or another country's IBAN), no spaces. */
  readonly iban: string
  readonly name: string
  readonly currency: string
  /** `vat`: the split-payment VAT account (rachunek VAT) of the business account `pairedWith`. */
  readonly kind: BankAccountKind
  readonly pairedWith: number | null
  readonly deleted: boolean
}

export interface BankSplitPayment {
  readonly vat: MoneyString
  readonly nip: string | null
  readonly invoice: string | null
}

export interface BankLineState {
  /** Stable: the bank's reference or a fingerprint of the line (`lineKey.ts`), hashed. */
  readonly lineId: string
  readonly accountId: number
  /** The statement (its key in `statements`) the line first arrived with. */
  readonly statement: string
  readonly bookingDate: LocalDateString
  readonly valueDate: LocalDateString
  /** Signed: negative left the account. */
  readonly amount: MoneyString
  readonly title: string
  readonly counterpartyName: string | null
  readonly counterpartyAccount: string | null
  readonly bankReference: string | null
  readonly transactionCode: string | null
  readonly splitPayment: BankSplitPayment | null
}

export interface BankStatementState {
  /** `{accountId}/{openingDate}/{closingDate}/{n}`: the n-th statement of that account and span. */
  readonly key: string
  readonly accountId: number
  readonly statementId: string | null
  readonly format: string
  readonly variant: string
  readonly openingDate: LocalDateString
  readonly closingDate: LocalDateString
  readonly openingBalance: MoneyString | null
  readonly closingBalance: MoneyString | null
  /** Lines of the file (new and already known). */
  readonly lineCount: number
  /** Lines this statement added to the books. */
  readonly newLines: number
}

/** Where (part of) a line's money went. */
export type BankAllocation =
  | { readonly kind: 'transaction'; readonly id: string; readonly amount: MoneyString }
  | { readonly kind: 'private'; readonly amount: MoneyString }
  | { readonly kind: 'transfer'; readonly amount: MoneyString }

export type BankMatchSource = 'auto' | 'user' | 'rule'

export interface BankMatchState {
  readonly lineId: string
  readonly allocations: readonly BankAllocation[]
  /** A code for the catalogs (`bank.reason.taxMicroAccount`, …) explaining why. */
  readonly reason: string
  /** 0–100. */
  readonly confidence: number
  readonly source: BankMatchSource
}

export interface BankRuleData {
  readonly name: string
  readonly field: 'title' | 'counterparty'
  readonly op: 'contains' | 'matches'
  readonly pattern: string
  /** The expense a matching line becomes. */
  readonly expense: {
    readonly name: string
    /** VAT percent of the gross (`"23"`), `"0"` for none. */
    readonly percent: string
    readonly isCompany: boolean
    readonly kpirColumn: ExpenseColumn | null
  }
}

export interface BankRuleState {
  readonly id: number
  readonly data: BankRuleData
  readonly deleted: boolean
}

/** What the list says of a NIP and account: active or exempt VAT payer (flat file), on the list (API), not on it. */
export type WhiteListResult = 'active' | 'exempt' | 'listed' | 'absent'
export type WhiteListSource = 'flatFile' | 'api'

export interface BankWhiteListCheck {
  readonly lineId: string
  readonly nip: string
  /** The 26-digit Polish account (NRB) checked. */
  readonly account: string
  /** The day the list checked is of (the flat file's date, the API's answer for that day). */
  readonly listDate: LocalDateString
  readonly source: WhiteListSource
  readonly result: WhiteListResult
  /** The API's `requestId` (proof of the query), `null` for the flat file. */
  readonly requestId: string | null
}

/** A CSV column mapping of the user's (`BankCsvMappingSaved`); `mapping` as the statement reader takes it. */
export interface BankCsvMappingState {
  readonly id: number
  readonly name: string
  /** The header row it was made for, normalised (`csvHeaderSignature`). */
  readonly header: string
  readonly mapping: Readonly<Record<string, unknown>>
  readonly deleted: boolean
}

export interface BankState {
  readonly accounts: ReadonlyMap<number, BankAccountState>
  /** The payer's individual ZUS contribution account, `null` until the user enters it. */
  readonly zusAccount: string | null
  readonly statements: ReadonlyMap<string, BankStatementState>
  readonly lines: ReadonlyMap<string, BankLineState>
  readonly matches: ReadonlyMap<string, BankMatchState>
  readonly rules: ReadonlyMap<number, BankRuleState>
  /** The white-list evidence of outgoing payments, by line (`whiteList.ts`). */
  readonly whiteList: ReadonlyMap<string, BankWhiteListCheck>
  /** The user's CSV mappings, offered on import for files whose header they were made for. */
  readonly csvMappings: ReadonlyMap<number, BankCsvMappingState>
}

export const initialBank: BankState = Object.freeze({
  accounts: CowMap.empty<number, BankAccountState>(),
  statements: CowMap.empty<string, BankStatementState>(),
  lines: SegmentedMap.empty<string, BankLineState>(),
  matches: CowMap.empty<string, BankMatchState>(),
  rules: CowMap.empty<number, BankRuleState>(),
  zusAccount: null,
  whiteList: CowMap.empty<string, BankWhiteListCheck>(),
  csvMappings: CowMap.empty<number, BankCsvMappingState>(),
})

export interface BankDraft {
  accounts: CowDraft<number, BankAccountState>
  statements: CowDraft<string, BankStatementState>
  /** Lines only arrive, a statement's batch at a time: segments, not buckets (`segmentedMap.ts`). */
  lines: SegmentedDraft<string, BankLineState>
  matches: CowDraft<string, BankMatchState>
  rules: CowDraft<number, BankRuleState>
  zusAccount: string | null
  whiteList: CowDraft<string, BankWhiteListCheck>
  csvMappings: CowDraft<number, BankCsvMappingState>
}

export const bankDraftOf = (s: BankState | undefined): BankDraft => {
  const b = s ?? initialBank
  return {
    accounts: CowMap.of(b.accounts).draft(),
    statements: CowMap.of(b.statements).draft(),
    lines: (b.lines instanceof SegmentedMap ? b.lines : SegmentedMap.from(b.lines)).draft(),
    matches: CowMap.of(b.matches).draft(),
    rules: CowMap.of(b.rules).draft(),
    zusAccount: b.zusAccount,
    whiteList: CowMap.of(b.whiteList ?? initialBank.whiteList).draft(),
    csvMappings: CowMap.of(b.csvMappings ?? initialBank.csvMappings).draft(),
  }
}

export const freezeBank = (d: BankDraft): BankState => freezeDrafts(d)

/** A CSV header row as mappings are matched by: cells trimmed of spaces and quotes, lower case, joined by `delimiter`. */
export const csvHeaderSignature = (row: string, delimiter: string): string =>
  row
    .replace(/^\uFEFF/, '')
    .split(delimiter)
    .map((c) => c.trim().replace(/^"|"$/g, '').trim().toLowerCase())
    .join(delimiter)
    .replace(/[;,\t]+$/, '')
