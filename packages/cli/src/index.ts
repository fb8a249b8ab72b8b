export { parseMonth, parseTimestamp, parseYear, runCli } from './cli.ts'
export type { Output, RunOptions } from './context.ts'
export { CliError, ExitCode } from './errors.ts'
export { canonical, eventToLine, parseLine } from './jsonl.ts'
