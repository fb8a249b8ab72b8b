/** Our own writer produced a document its schema refuses: a bug, answered as a 500 and logged with the errors. */
export class SchemaFailure extends Error {
  override readonly name = 'SchemaFailure'
  readonly schema: string
  readonly errors: readonly { line: number | null; message: string }[]
  /** The file's name, when it has one yet. */
  readonly fileName: string | null
  constructor(
    schema: string,
    errors: readonly { line: number | null; message: string }[],
    fileName: string | null = null,
  ) {
    super(`A written ${schema} document failed its schema`)
    this.schema = schema
    this.errors = errors
    this.fileName = fileName
  }
}
