/** The OpenAPI entries of the CSV exports (`routes/exports.ts`), merged into `OPERATIONS`. Plain JSON Schema. */
const csv = {
  mediaType: 'text/csv',
  schema: {
    type: 'string',
    description: 'UTF-8; RFC 4180, or with dialect=excel semicolons, decimal commas and a byte order mark',
  },
}

export const exportOperations = {
  'GET /api/export/transactions': {
    summary: 'The computed books of a period as CSV: every transaction of each month, as the dashboard shows it',
    description:
      'Columns `user, month, id, date, eventType, name, net, vatPercent, vat, gross, isCompany, completed, notification, dueDate` (stable, English). The same bytes as `finance export --format csv [--excel] --from … --to …`. At most 12 months; one month with `from` = `to` (the web dashboard’s month export). 400 names `from`, `to` or `dialect`.',
    ok: csv,
  },
  'GET /api/export/summary/:year': {
    summary: "A year's summary as CSV: the month rows (or cumulative ones) and the year row",
    description:
      'Columns `month` and the summary fields. The same bytes as `finance report year YYYY --csv` (or `--excel`, `--cumulative`).',
    ok: csv,
  },
  'GET /api/export/books/:year': {
    summary:
      'The tax book of a year (KPiR or ewidencja przychodów) as CSV, its columns numbered as the regulation does',
    description:
      'Headers in Polish (default) or English (`lang`). The same bytes as `finance books YYYY --format csv` in RFC 4180; `dialect=excel` for a Polish Excel.',
    ok: csv,
  },
} as const
