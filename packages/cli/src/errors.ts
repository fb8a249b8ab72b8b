/** A user error: wrong input, unknown user, refused operation. Printed on stderr, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError'
  readonly exitCode: 1 | 2
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message)
    this.exitCode = exitCode
  }
}

export const ExitCode = { Ok: 0, UserError: 1, Usage: 2 } as const
