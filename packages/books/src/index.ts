/**
 * `@finance/books`: the application layer the API and the CLI share, a home per job:
 * - `books.ts`: loading a user's books (a fold of `books-{userId}` cached per stream revision) and `bookHistory.ts`;
 * - `commands/`: load once, decide, append with the revision read, return the new state and the saved record;
 * - `views/`: the read cache (month, summaries, obligations, reminders due) per books state;
 * - `files/`: every file the product writes (JPK_PKPIR, JPK_EWP, JPK_V7M/K, FA(3)), one function each, checked
 *   against its schema;
 * - `exports/`: the computed books, the summary and the tax book as CSV (RFC 4180 or the Polish Excel dialect), the
 *   same bytes from the API and the CLI;
 * - `imports/`: what is read into the books (FA(3) invoices; bank statements);
 * - `accounts/` and `reminders/`: registration, passwords, roles, reset codes; the reminder job's logic and the
 *   signed keys of its Accept links.
 * Routes and CLI commands translate between HTTP or argv and these functions.
 *
 * Importing it loads no Schema library: the decider and the tax files load on first use (`commands/execute.ts`,
 * `heavy.ts`), so the CLI's read paths stay light.
 */
export * from './accounts/password.ts'
export * from './accounts/service.ts'
export * from './bookHistory.ts'
export * from './books.ts'
export * from './commands/execute.ts'
export * from './commands/records.ts'
export * from './commands/setup.ts'
export * from './commands/vatRefund.ts'
export * from './exports/summary.ts'
export * from './exports/taxBook.ts'
export * from './exports/transactions.ts'
export * from './files/fa3.ts'
export * from './files/jpkV7.ts'
export * from './files/schemaFailure.ts'
export * from './files/taxBook.ts'
export * from './imports/fa3.ts'
export * from './invoices.ts'
export * from './ksefOnline.ts'
export * from './ksefCertificate.ts'
export * from './ksefVisual.ts'
export * from './reminders/job.ts'
export * from './reminders/keys.ts'
export * from './views/transactions.ts'
export * from './accounts/erasure.ts'
export { credentialKeys, deleteUserSecrets, isUserSecretKey } from './accounts/userSecrets.ts'
export * from './imports/bank/index.ts'
export * from './imports/bank/import.ts'
export * from './rates/record.ts'
export * from './whitelist/index.ts'
