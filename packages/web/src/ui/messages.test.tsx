import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessageStore } from './messages.tsx'

describe('message popups', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('closes info after 4 s, warning after 10 s and error after 30 s', () => {
    const store = createMessageStore()
    store.info('i')
    store.warning('w')
    store.error('e')
    const texts = () => store.getSnapshot().map((m) => m.text)
    vi.advanceTimersByTime(3999)
    expect(texts()).toEqual(['i', 'w', 'e'])
    vi.advanceTimersByTime(1)
    expect(texts()).toEqual(['w', 'e'])
    vi.advanceTimersByTime(6000)
    expect(texts()).toEqual(['e'])
    vi.advanceTimersByTime(19_999)
    expect(texts()).toEqual(['e'])
    vi.advanceTimersByTime(1)
    expect(texts()).toEqual([])
  })

  it('closes on demand and notifies subscribers', () => {
    const store = createMessageStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const id = store.error('x')
    store.close(id)
    expect(store.getSnapshot()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
