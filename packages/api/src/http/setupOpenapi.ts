/** The OpenAPI entry of the first-run set-up (`routes/setup.ts`), merged into `OPERATIONS`. Plain JSON Schema. */
type Json = Record<string, unknown>

const record: Json = {
  type: 'object',
  required: ['id', 'dataType', 'version', 'dataObject'],
  properties: {
    id: { type: 'integer' },
    dataType: { type: 'string', enum: ['Primary', 'Vat', 'Pit', 'SocialSecurity'] },
    version: { type: 'integer' },
    dataObject: { type: 'object' },
  },
}

export const setupOperations = {
  'POST /api/setup': {
    summary: 'The first-run set-up: the company data and every setting, written at once or not at all',
    description:
      "Body `{ company, vat?, pit: [...], socialSecurity: [...] }`: the Primary company data and the dataObjects of the VAT setting (absent or null: not a VAT payer), of a PIT setting per change of the form of taxation and of the ZUS settings (a list: from the ZUS start day and from each later 1 January with that year's amount and health percent; one setting may be sent as an object), each dated when it takes effect (not before `company.businessStartDate`). One append: any invalid field of any part answers 400 naming every field (`company.nip`, `vat.percent`, `pit.1.firstPercent`, `socialSecurity.1.amount`; `socialSecurity.date` for a single object) and nothing is written. Company data equal to what is saved is left as it is. Answers the records written.",
    status: 201,
    ok: { type: 'object', required: ['records'], properties: { records: { type: 'array', items: record } } },
  },
} as const
