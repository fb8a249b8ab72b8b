/** The OpenAPI entries of the rate routes (`routes/rates.ts`), merged into `OPERATIONS`. Plain JSON Schema. */
type Json = Record<string, unknown>
const obj = (properties: Record<string, Json>, required: string[] = Object.keys(properties)): Json => ({
  type: 'object',
  required,
  properties,
})
const arr = (items: Json): Json => ({ type: 'array', items })
const str = (description: string): Json => ({ type: 'string', description })
const day: Json = { type: 'string', format: 'date' }

const table = obj({
  no: str('The table’s number, e.g. 084/A/NBP/2026'),
  date: day,
  rates: { type: 'object', additionalProperties: str('Złoty per one unit, as published (4.2345)') },
})
const recorded = obj({
  added: { type: 'integer', description: 'Tables added to the books (those held already are not written again)' },
  from: day,
  to: day,
  tables: arr(obj({ no: { type: 'string' }, date: day })),
})
const rateUsed = obj({ table: { type: 'string' }, date: day, rate: { type: 'string' } })
const orNull = (s: Json): Json => ({ anyOf: [s, { type: 'null' }] })

export const rateOperations = {
  'GET /api/rates': {
    summary: 'The NBP table A tables the books hold for a range of days',
    description:
      '`covered` lists the day ranges a source covered whole: a working day in them without a table had none, so "the last working day before" skips it.',
    ok: obj({ tables: arr(table), covered: arr(arr(day)) }),
  },
  'POST /api/rates/import': {
    summary: 'Import the NBP’s yearly table A archive (archiwum_tab_a_YYYY.csv)',
    description:
      'The file as published by the NBP (Windows-1250 or UTF-8, `;`, decimal commas), as `csv` text or `base64`. It covers 1 January to its last table. A file that does not read is refused whole with the row and the reason (400, field `file`); a rate contradicting one held is refused.',
    ok: recorded,
  },
  'POST /api/rates/fetch': {
    summary: 'Fetch table A (or B) from the NBP web API for a range of days (at most a year)',
    description:
      'Through the books’ rates port (api.nbp.pl); `table: "B"` asks table B (weekly, on Wednesdays). 502 when the NBP cannot be asked or answers something else than tables: nothing is written, no rate is guessed.',
    ok: recorded,
    errors: [502],
  },
  'POST /api/rates/ecb/import': {
    summary: 'Import the ECB’s euro reference rates (eurofxref-hist.csv or an eurofxref XML)',
    description:
      'For a taxpayer who chose the ECB rate for VAT (uVAT art. 31a ust. 1 zdanie drugie; the VAT setting’s `vatExchangeRate: "ecb"`). The file as the ECB publishes it, as `csv` text (CSV or XML) or `base64`; it covers its first to its last day. A file that does not read is refused whole with the reason (400, field `file`).',
    ok: recorded,
  },
  'POST /api/rates/ecb/fetch': {
    summary: 'Fetch the ECB’s euro reference rates for a range of days',
    description:
      'Through the books’ ECB port (www.ecb.europa.eu/stats/eurofxref). The range counts as covered up to the last day published. 502 when the ECB cannot be asked: nothing is written.',
    ok: recorded,
    errors: [502],
  },
  'POST /api/rates/preview': {
    summary: 'What an income or expense in a foreign currency would be saved as',
    description:
      'Body `{ dataType, data }` as for a save. `conversion` is `null` for a złoty item, else the złoty VAT base (`amount`, uVAT art. 31a), the PIT amount (`currency.pitAmount`, uPIT art. 11a), the payment’s value when `paidOn` is given (art. 24c) and the tables used. A missing rate is a 400 naming the currency, the table and the day.',
    ok: obj({
      conversion: orNull(
        obj({
          amount: str('The VAT base in złoty'),
          currency: obj(
            {
              code: { type: 'string' },
              amount: { type: 'string' },
              paidOn: orNull(day),
              vatRate: rateUsed,
              pitRate: rateUsed,
              pitAmount: { type: 'string' },
              paidRate: orNull(rateUsed),
              paidAmount: orNull({ type: 'string' }),
            },
            ['code', 'amount', 'vatRate', 'pitRate', 'pitAmount'],
          ),
        }),
      ),
    }),
  },
} as const
