/**
 * `@finance/books`: the application layer the API and the CLI share. Loading a user's books (a cached fold of the
 * `books-{userId}` stream), deciding a command and appending its events with the revision read, the book history,
 * accounts (registration, passwords, roles, reset codes), the reminder job's logic (which reminders are due, the claim
 * across instances, recording the send; the caller delivers) and the signed keys of the reminders' Accept links.
 *
 * Importing it loads no Schema library: the decider is loaded on the first command (see `books.ts`), so the CLI's
 * read paths stay light.
 */
export * from './accounts/password.ts'
export * from './accounts/service.ts'
export * from './bookHistory.ts'
export * from './books.ts'
export * from './ksef.ts'
export * from './reminders/job.ts'
export * from './reminders/keys.ts'
export * from './imports/bank/import.ts'
