/** Output destination of a command: stdout, or a file given with `--out` (buffered, with back-pressure). */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import type { Ctx } from './context.ts'
import { isSystemError, writeError } from './files.ts'

export interface Sink {
  write(text: string): Promise<void>
  close(): Promise<void>
}

const CHUNK = 1 << 16

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
  const stream = createWriteStream(file, { flags: 'w' })
  try {
    await once(stream, 'open')
  } catch (e) {
    throw failed(e)
  }
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
