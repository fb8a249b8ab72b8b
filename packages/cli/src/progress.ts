/** A progress bar with events/s on stderr, drawn only on a terminal and at most ten times a second. */
import type { Ctx } from './context.ts'
import { formatCount } from './format.ts'

const WIDTH = 30

export class Progress {
  private readonly started = performance.now()
  private lastDraw = 0
  private drawn = false

  private readonly ctx: Ctx
  private readonly total: number
  private readonly label: string
  constructor(ctx: Ctx, total: number, label: string) {
    this.ctx = ctx
    this.total = total
    this.label = label
  }

  /** `done` events processed so far. Cheap when not on a terminal. */
  update(done: number): void {
    if (!this.ctx.isTTY) return
    const now = performance.now()
    if (now - this.lastDraw < 100) return
    this.lastDraw = now
    this.draw(done, now)
  }

  private draw(done: number, now: number): void {
    const ratio = this.total > 0 ? Math.min(1, done / this.total) : 1
    const filled = Math.round(ratio * WIDTH)
    const rate = done / Math.max((now - this.started) / 1000, 1e-9)
    const bar = `${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}`
    const count = (n: number) => formatCount(this.ctx.lang, n)
    this.ctx.err(
      `\r${this.label} [${bar}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${count(done)}/${count(this.total)} ` +
        `${count(rate)} ${this.ctx.t('eventsPerSecond')}\u001b[K`,
    )
    this.drawn = true
  }

  /** Clears the bar; returns elapsed seconds. */
  finish(done: number): number {
    const now = performance.now()
    if (this.ctx.isTTY) {
      this.draw(done, now)
      this.ctx.err('\n')
    }
    return (now - this.started) / 1000
  }

  get wasDrawn(): boolean {
    return this.drawn
  }
}
