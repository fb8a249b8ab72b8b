/**
 * The invoicing events of a user's books (docs/events.md, "Invoicing"): counterparties, number series, invoice
 * documents and their issue. An issue is appended together with the `ItemAdded` events of the income items it puts
 * into the books, so the number, the document and the books change in one append or not at all.
 */
import * as Schema from 'effect/Schema'
import { LocalDateSchema, MoneyField } from '../schemas/common.ts'
import { SalesProcedures } from '../schemas/documentCodes.ts'
import { CounterpartySchema, GtuCodes } from '../schemas/records.ts'
import { InvoiceKinds, InvoiceVatRates, PaymentMethods, SeriesResets } from './model.ts'

const Id = Schema.Int.pipe(Schema.positive())
const Text = (max: number) => Schema.String.pipe(Schema.maxLength(max))

const ev = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), data: Schema.Struct(fields) })

export const CounterpartyDataSchema = Schema.Struct({
  name: Text(512),
  taxId: Text(50),
  country: Schema.String.pipe(Schema.pattern(/^([A-Z]{2})?$/)),
  address: Text(512),
  email: Text(255),
})

export const SeriesDataSchema = Schema.Struct({
  name: Text(100),
  pattern: Text(100),
  reset: Schema.Literal(...SeriesResets),
  kind: Schema.Literal(...InvoiceKinds),
})

export const InvoiceLineSchema = Schema.Struct({
  name: Text(512),
  quantity: Schema.String.pipe(Schema.pattern(/^\d{1,16}(\.\d{1,6})?$/)),
  unit: Text(50),
  unitNet: MoneyField,
  vat: Schema.Literal(...InvoiceVatRates),
  gtu: Schema.NullOr(Schema.Literal(...GtuCodes)),
  discount: MoneyField,
  annex15: Schema.optional(Schema.Boolean),
})

export const InvoiceDocumentSchema = Schema.Struct({
  kind: Schema.Literal(...InvoiceKinds),
  seriesId: Schema.NullOr(Id),
  counterpartyId: Schema.NullOr(Id),
  buyer: CounterpartySchema,
  issueDate: LocalDateSchema,
  supplyDate: Schema.NullOr(LocalDateSchema),
  lines: Schema.Array(InvoiceLineSchema),
  exemptionBasis: Text(256),
  payment: Schema.Struct({
    dueDate: Schema.NullOr(LocalDateSchema),
    method: Schema.NullOr(Schema.Literal(...PaymentMethods)),
    bankAccount: Schema.NullOr(Text(34)),
  }),
  notes: Text(3500),
  currency: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/))),
  splitPayment: Schema.optional(Schema.Boolean),
  procedures: Schema.optional(Schema.Array(Schema.Literal(...SalesProcedures))),
  correction: Schema.NullOr(
    Schema.Struct({ invoiceId: Id, reason: Text(256), reasonDate: Schema.NullOr(LocalDateSchema) }),
  ),
  source: Schema.optional(Schema.Struct({ itemId: Id, month: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}$/)) })),
})

export const InvoicingCounterpartySaved = ev('InvoicingCounterpartySaved', { id: Id, data: CounterpartyDataSchema })
export const InvoicingCounterpartyDeleted = ev('InvoicingCounterpartyDeleted', { id: Id })
export const InvoicingSeriesSaved = ev('InvoicingSeriesSaved', { id: Id, data: SeriesDataSchema })
/**
 * A draft created or changed; for an issued invoice not yet in KSeF, its revision with the ids of the income items
 * it now has (the same append updates, adds or deletes them).
 */
export const InvoicingDraftSaved = ev('InvoicingDraftSaved', {
  id: Id,
  data: InvoiceDocumentSchema,
  itemIds: Schema.optional(Schema.Array(Id)),
})
export const InvoicingDraftDeleted = ev('InvoicingDraftDeleted', { id: Id })
/** A draft issued: the number `seq` of the series in `period` (`2026` or `2026-04`), and its income items. */
export const InvoicingInvoiceIssued = ev('InvoicingInvoiceIssued', {
  id: Id,
  seriesId: Id,
  period: Schema.String.pipe(Schema.pattern(/^\d{4}(-\d{2})?$/)),
  seq: Schema.Int.pipe(Schema.positive()),
  number: Text(256),
  itemIds: Schema.Array(Id),
})

export const invoicingEventSchemas = {
  InvoicingCounterpartySaved,
  InvoicingCounterpartyDeleted,
  InvoicingSeriesSaved,
  InvoicingDraftSaved,
  InvoicingDraftDeleted,
  InvoicingInvoiceIssued,
} as const
