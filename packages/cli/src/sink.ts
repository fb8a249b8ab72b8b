/**
 * Output destination of a command: stdout, or a file given with `--out` (buffered, with back-pressure). A file the
 * CLI writes holds a user's books (exports, reports, JPK and FA(3) files, invoice PDFs): it is owner-only (0600), as
 * backups and the data directory are.
 */
import { once } from 'node:events'
import { type FileHandle, open } from 'node:fs/promises'
import type { Ctx } from './context.ts'
import { isSystemError, writeError } from './files.ts'

export interface Sink {
  write(text: string): Promise<void>
  close(): Promise<void>
}

const CHUNK = 1 << 16

/** Owner-only: what a file of the CLI is created with, and what an existing one it overwrites is given. */
export const PRIVATE_FILE = 0o600

/**
 * Opens `file` for writing (created or truncated) as owner-only. A new file is created 0600; an existing regular
 * file, which keeps its mode when overwritten, is made 0600 when group or others could read it. Anything else given as
 * `--out` (a terminal, `/dev/null`, a pipe) is written to and left as it is; so is a file of another owner the
 * system does not let us change.
 */
export const openPrivate = async (file: string): Promise<FileHandle> => {
  const handle = await open(file, 'w', PRIVATE_FILE)
  try {
    const stat = await handle.stat()
    if (stat.isFile() && (stat.mode & 0o077) !== 0)
      await handle.chmod(PRIVATE_FILE).catch((e: unknown) => {
        if ((e as NodeJS.ErrnoException).code !== 'EPERM') throw e
      })
  } catch (e) {
    await handle.close()
    throw e
  }
  return handle
}

/** Writes a whole file (an invoice's PDF) as `openPrivate` opens it. */
export const writePrivateFile = async (file: string, data: Uint8Array | string): Promise<void> => {
  const handle = await openPrivate(file)
  try {
    await handle.writeFile(data)
  } finally {
    await handle.close()
  }
}

export const openSink = async (ctx: Ctx, file: string | undefined): Promise<Sink> => {
  if (file === undefined) {
    // Buffered writes to stdout that wait for 'drain' when the reader is slower (a pipe into `less` or `gzip`).
    const out = ctx.stdout as { write(chunk: string): unknown; once?: unknown }
    let pending = ''
    const flush = async () => {
      if (pending.length === 0) return
      const ok = out.write(pending)
      pending = ''
      if (ok === false && typeof out.once === 'function') await once(out as unknown as NodeJS.EventEmitter, 'drain')
    }
    return {
      write: async (text) => {
        pending += text
        if (pending.length >= CHUNK) await flush()
      },
      close: flush,
    }
  }
  // The system's refusal (a directory, no such directory, a full disk) names the file, in the reader's language.
  const failed = (e: unknown) => (isSystemError(e) ? writeError(file, e) : e)
  let handle: FileHandle
  try {
    handle = await openPrivate(file)
  } catch (e) {
    throw failed(e)
  }
  const stream = handle.createWriteStream()
  let buffer = ''
  const flush = async () => {
    if (buffer.length === 0) return
    const ok = stream.write(buffer)
    buffer = ''
    if (!ok) await once(stream, 'drain')
  }
  return {
    write: async (text) => {
      buffer += text
      if (buffer.length >= CHUNK) await flush().catch((e: unknown) => Promise.reject(failed(e)))
    },
    close: async () => {
      try {
        await flush()
        stream.end()
        await once(stream, 'finish')
      } catch (e) {
        throw failed(e)
      }
    },
  }
}
