import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { fixtureLogs } from './fixtures.ts'
import { logsMachine, normaliseQuery, pageCount } from './logsMachine.ts'
import type { LogPage, LogQuery } from './types.ts'

const start = (load: (input: { key: string; query: LogQuery }) => Promise<LogPage>) => {
  const loadPage = vi.fn(load)
  const actor = createActor(logsMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } }))
  const errors: unknown[] = []
  actor.on('loadError', (e) => errors.push(e.error))
  actor.start()
  return { actor, loadPage, errors }
}

const ok = async () => ({ items: fixtureLogs(), total: 12 })
const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ withKey: 'ready' }))

describe('log viewer machine', () => {
  it('asks for the key first and ignores a blank one', () => {
    const { actor, loadPage } = start(ok)
    expect(actor.getSnapshot().matches('noKey')).toBe(true)
    actor.send({ type: 'SET_KEY', key: '   ' })
    expect(actor.getSnapshot().matches('noKey')).toBe(true)
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('queries with the SPEC defaults once the key is set', async () => {
    const { actor, loadPage } = start(ok)
    actor.send({ type: 'SET_KEY', key: ' secret ' })
    const s = await ready(actor)
    expect(loadPage).toHaveBeenCalledWith({
      key: 'secret',
      query: { pageSize: 5, pageNumber: 1, descending: true, search: '' },
    })
    expect(s.context.items).toHaveLength(3)
    expect(s.context.total).toBe(12)
  })

  it('searches with the edited form and pages within bounds', async () => {
    const { actor, loadPage } = start(ok)
    actor.send({ type: 'SET_KEY', key: 'k' })
    await ready(actor)
    actor.send({ type: 'EDIT_QUERY', query: { search: ' Vat ', descending: false, pageSize: 2 } })
    actor.send({ type: 'SEARCH' })
    await ready(actor)
    expect(loadPage).toHaveBeenLastCalledWith({
      key: 'k',
      query: { pageSize: 2, pageNumber: 1, descending: false, search: 'Vat' },
    })
    actor.send({ type: 'PAGE', pageNumber: 99 })
    await ready(actor)
    // 12 entries at 2 a page → 6 pages
    expect(loadPage.mock.lastCall![0].query.pageNumber).toBe(6)
  })

  it('takes a refused key (403) as no key, keeping the reason until a key is accepted', async () => {
    let accept = false
    const { actor, errors } = start(async () => {
      if (!accept) throw Object.assign(new Error('Forbidden'), { status: 403, errors: ['Access denied'] })
      return ok()
    })
    actor.send({ type: 'SET_KEY', key: 'wrong' })
    const refused = await waitFor(actor, (s) => s.matches('noKey') && s.context.keyError !== null)
    expect(refused.context.key).toBe('')
    expect(refused.context.items).toEqual([])
    expect(errors).toHaveLength(0)
    accept = true
    actor.send({ type: 'SET_KEY', key: 'right' })
    const s = await ready(actor)
    expect(s.context.keyError).toBeNull()
    expect(s.context.items).toHaveLength(3)
  })

  it('reports any other failure and shows no entries', async () => {
    const { actor, errors } = start(async () => {
      throw Object.assign(new Error('Internal'), { status: 500, errors: ['Internal server error'] })
    })
    actor.send({ type: 'SET_KEY', key: 'k' })
    const s = await ready(actor)
    expect(s.context.items).toEqual([])
    expect(errors).toHaveLength(1)
  })

  it('forgets the key and results when the key is cleared', async () => {
    const { actor } = start(ok)
    actor.send({ type: 'SET_KEY', key: 'k' })
    await ready(actor)
    actor.send({ type: 'CLEAR_KEY' })
    const s = actor.getSnapshot()
    expect(s.matches('noKey')).toBe(true)
    expect(s.context.key).toBe('')
    expect(s.context.items).toEqual([])
  })

  it('computes page counts and normalises the form', () => {
    expect(pageCount(0, 5)).toBe(1)
    expect(pageCount(11, 5)).toBe(3)
    expect(pageCount(10, 5)).toBe(2)
    expect(normaliseQuery({ pageSize: 0, pageNumber: -3, descending: true, search: ' a ' })).toEqual({
      pageSize: 5,
      pageNumber: 1,
      descending: true,
      search: 'a',
    })
    expect(normaliseQuery({ pageSize: 1000, pageNumber: 2.7, descending: false, search: '' }).pageSize).toBe(100)
  })
})
