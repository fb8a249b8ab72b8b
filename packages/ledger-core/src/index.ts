/**
 * `@finance/ledger-core`: the pure domain engine, browser-safe (no Node module anywhere in its graph). The light
 * half (`./light.ts`) plus what validates with Schema: event and payload schemas, the deciders, the replay.
 */
// The light half (`./light.ts`), then what validates with Schema.
export * from './lightModules.ts'
export * from './events.ts'
export * from './eventCodec.ts'
export * from './schemas/index.ts'
export * from './schemas/account.ts'
export * from './deciders/books.ts'
export * from './decide.ts'
export * from './replay.ts'
// The register's messages, which the screens translate (web `features/assets/messages.ts` is checked against them).
export { AssetMessages } from './deciders/assets.ts'
export { AssetVatUseMessages } from './deciders/assetVatUse.ts'
export * from './bank/events.ts'
export { decideBank, statementErrors, statementLines } from './bank/decide.ts'
export * from './invoicing/events.ts'
export {
  decideInvoicing,
  invoiceItemGuard,
  InvoicingMessages,
  issueProblems,
  itemsOfInvoice,
  readCounterparty,
  readInvoiceDocument,
  readSeries,
} from './invoicing/decide.ts'
