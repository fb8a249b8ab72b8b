/**
 * `@finance/ledger-core/calendar`: dates only — calendar arithmetic, "today" in Poland, and the date window every
 * stored date must fall in (`Bounds`) — for the CLI's argument parsing, which runs on every command, `--help`
 * included. Also exported by the light and main entries.
 */
export * from '../calendar.ts'
export { Bounds, BoundMessages, isDateInBounds } from '../schemas/bounds.ts'
