import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { RecordDto } from '../lib/records.ts'
import {
  type FormEmitted,
  type FormInput,
  formMachine,
  type SaveRequest,
  type Validation,
} from './recordFormMachine.ts'

const vatRecord: RecordDto = {
  id: 7,
  dataType: 'Vat',
  eventType: 'VAT',
  dataObject: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
}

const deferred = <T>() => {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const start = (
  input: FormInput,
  actors: {
    load?: (input: { id: number }) => Promise<RecordDto | null>
    save?: (r: SaveRequest) => Promise<RecordDto>
  } = {},
) => {
  const saves: SaveRequest[] = []
  const machine = formMachine.provide({
    actors: {
      load: fromPromise(async ({ input: req }: { input: { id: number } }) => (actors.load ? actors.load(req) : null)),
      save: fromPromise(async ({ input: req }: { input: SaveRequest }) => {
        saves.push(req)
        if (actors.save) return actors.save(req)
        return { ...vatRecord, id: req.id > 0 ? req.id : 99, dataObject: req.dataObject }
      }),
    },
  })
  const actor = createActor(machine, { input })
  const emitted: FormEmitted[] = []
  actor.on('*', (e) => emitted.push(e as FormEmitted))
  actor.start()
  return { actor, saves, emitted }
}

const template = { date: '', percent: '', paymentInterval: '' }

/** The error notice the form emits: `message`, alone in its list. */
const errorNotice = (message: string) => ({ type: 'notify', level: 'error', message, messages: [message] })

describe('record form machine', () => {
  it('loads the current record and shows it in view mode', async () => {
    const { actor } = start({ template }, { load: async () => vatRecord })
    expect(actor.getSnapshot().value).toBe('loading')
    const s = await waitFor(actor, (s) => s.matches('view'))
    expect(s.context.id).toBe(7)
    expect(s.context.draft).toEqual(vatRecord.dataObject)
  })

  it('starts empty with id 0 when nothing is stored', async () => {
    const { actor } = start({ template }, { load: async () => null })
    const s = await waitFor(actor, (s) => s.matches('view'))
    expect(s.context.id).toBe(0)
    expect(s.context.draft).toEqual(template)
  })

  it('edits, saves with PUT semantics (id > 0) and returns to view with the returned values', async () => {
    const { actor, saves, emitted } = start({ template, record: vatRecord })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '8' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().value).toBe('submitting')
    const s = await waitFor(actor, (s) => s.matches('view'))
    // The fixture carries no version: the save names 0 rather than none (never an unconditional PUT).
    expect(saves).toEqual([{ id: 7, dataObject: { date: '2026-01-01', percent: '8', paymentInterval: 1 }, version: 0 }])
    expect(s.context.saved).toMatchObject({ percent: '8' })
    expect(emitted).toContainEqual({ type: 'notify', level: 'info', message: 'Item saved', messages: ['Item saved'] })
  })

  it('saves a new record with id 0 (POST) and adopts the id the server returns', async () => {
    const { actor, saves } = start({ template }, { load: async () => null })
    await waitFor(actor, (s) => s.matches('view'))
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'PATCH', values: { date: '2026-02-01', percent: '23', paymentInterval: 3 } })
    actor.send({ type: 'SAVE' })
    const s = await waitFor(actor, (s) => s.matches('view'))
    expect(saves[0]?.id).toBe(0)
    expect(s.context.id).toBe(99)
  })

  it('refuses to save an unchanged record with "No changes on the form" and sends nothing', () => {
    const { actor, saves } = start({ template, record: vatRecord })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '8' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '23' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().value).toBe('edit')
    expect(actor.getSnapshot().context.errors).toEqual(['No changes on the form'])
    expect(saves).toHaveLength(0)
  })

  it('blocks saving on field errors and clears an error when its field changes', () => {
    const validate = (d: Record<string, unknown>): Validation => ({
      fieldErrors: d.date ? {} : { date: 'Date is required' },
      warnings: {},
    })
    const { actor, saves } = start({ template, validate, skipLoad: true, record: null, mode: 'add' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ date: 'Date is required' })
    expect(saves).toHaveLength(0)
    actor.send({ type: 'CHANGE', path: 'date', value: '2026-03-01' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it('lets the user override a warning with "Save anyway"', async () => {
    const validate = () => ({ fieldErrors: {}, warnings: { nip: 'Invalid NIP checksum' } })
    const { actor, saves } = start({ template, validate, record: vatRecord })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().context.warnings).toEqual({ nip: 'Invalid NIP checksum' })
    expect(saves).toHaveLength(0)
    actor.send({ type: 'OVERRIDE', value: true })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches('view'))
    expect(saves).toHaveLength(1)
  })

  it('shows "Internal server error, validate your form data." on a 500 and stays editable', async () => {
    const { actor, emitted } = start(
      { template, record: vatRecord },
      {
        save: async () => {
          throw { status: 500, statusText: 'Internal Server Error', errors: ['Internal server error'] }
        },
      },
    )
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    const s = await waitFor(actor, (s) => s.matches('error'))
    expect(s.context.errors).toEqual(['Internal server error, validate your form data.'])
    expect(emitted).toContainEqual(errorNotice('Internal server error, validate your form data.'))
    actor.send({ type: 'CHANGE', path: 'percent', value: '6' })
    expect(actor.getSnapshot().value).toBe('edit')
  })

  it('shows the status text, the errors list and the field errors of a 400', async () => {
    const { actor } = start(
      { template, record: vatRecord },
      {
        save: async () => {
          throw {
            status: 400,
            statusText: 'Bad Request',
            errors: ['Date is required'],
            fieldErrors: { date: 'Date is required' },
          }
        },
      },
    )
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'date', value: '' })
    actor.send({ type: 'SAVE' })
    const s = await waitFor(actor, (s) => s.matches('error'))
    expect(s.context.errors).toEqual(['Bad Request', 'Date is required'])
    expect(s.context.fieldErrors).toEqual({ date: 'Date is required' })
  })

  it('keeps the machine in submitting until the save answers', async () => {
    const d = deferred<RecordDto>()
    const { actor } = start({ template, record: vatRecord }, { save: () => d.promise })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    actor.send({ type: 'SAVE' })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('submitting')
    d.resolve({ ...vatRecord, dataObject: { ...vatRecord.dataObject, percent: '5' } })
    await waitFor(actor, (s) => s.matches('view'))
  })

  it('Cancel restores the saved values and clears messages', () => {
    const { actor } = start({ template, record: vatRecord })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '1' })
    actor.send({ type: 'CANCEL' })
    const s = actor.getSnapshot()
    expect(s.value).toBe('view')
    expect(s.context.draft).toEqual(vatRecord.dataObject)
  })

  it('in add mode clears the form after saving, applies prepare and announces the saved message', async () => {
    const prepare = (d: Record<string, unknown>) => {
      const { repetitions: _, ...rest } = d
      return rest
    }
    const { actor, saves, emitted } = start({
      template: { name: '', amount: '', repetitions: null },
      mode: 'add',
      prepare,
      savedMessage: 'Expense added',
    })
    expect(actor.getSnapshot().value).toBe('edit')
    actor.send({ type: 'PATCH', values: { name: 'Rent', amount: '100', repetitions: 3 } })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches('edit'))
    expect(saves[0]).toEqual({ id: 0, dataObject: { name: 'Rent', amount: '100' } })
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', amount: '', repetitions: null })
    expect(emitted.map((e) => e.type)).toEqual(['saved', 'notify'])
    expect(emitted[1]).toMatchObject({ message: 'Expense added' })
  })

  it('NEW starts a new record from the current values with id 0', async () => {
    const { actor, saves } = start({ template, record: vatRecord })
    actor.send({ type: 'NEW' })
    actor.send({ type: 'CHANGE', path: 'date', value: '2026-07-01' })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches('view'))
    expect(saves[0]).toEqual({
      id: 0,
      version: 0,
      dataObject: { date: '2026-07-01', percent: '23', paymentInterval: 1 },
    })
  })

  it('shows a failed load (other than 404) and stays usable', async () => {
    const { actor, emitted } = start(
      { template },
      {
        load: async () => {
          throw { status: 503, statusText: 'Service Unavailable', errors: [] }
        },
      },
    )
    const s = await waitFor(actor, (s) => s.matches('view'))
    expect(s.context.errors).toEqual(['Service Unavailable'])
    expect(emitted).toContainEqual(errorNotice('Service Unavailable'))
    actor.send({ type: 'EDIT' })
    expect(actor.getSnapshot().value).toBe('edit')
    expect(actor.getSnapshot().context.errors).toEqual([])
  })
})

describe('a record changed elsewhere', () => {
  const STALE = 'This record was changed elsewhere. Reload it to see the latest version.'
  const stale = { status: 409, statusText: 'Conflict', errors: [STALE] }
  const v3 = { ...vatRecord, version: 3 }

  it('never saves a change without a version: a record read without one names 0, which the server refuses', async () => {
    const { version: _none, ...unversioned } = v3
    const { actor, saves } = start(
      { record: unversioned, template },
      {
        save: async () => {
          throw stale
        },
      },
    )
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    const s = await waitFor(actor, (s) => s.matches('error'))
    expect(saves).toHaveLength(1)
    expect(saves[0]).toMatchObject({ id: 7, version: 0 })
    expect(s.context.stale).toBe(true)
  })

  it('sends the version it read; a 409 keeps what the user typed and offers to reload', async () => {
    const saved: RecordDto = { ...vatRecord, version: 4, dataObject: { ...vatRecord.dataObject, percent: '8' } }
    const loads: { id: number }[] = []
    const { actor, saves, emitted } = start(
      { record: v3, template },
      {
        save: async (r) => {
          if (r.version === 3) throw stale
          return { ...saved, version: 5, dataObject: r.dataObject }
        },
        load: async (req) => {
          loads.push(req)
          return saved
        },
      },
    )
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    let s = await waitFor(actor, (s) => s.matches('error'))
    expect(saves[0]).toMatchObject({ id: 7, version: 3 })
    expect(s.context.stale).toBe(true)
    expect(s.context.errors).toEqual([STALE])
    expect(s.context.draft.percent).toBe('5')
    expect(emitted.some((e) => e.type === 'notify' && e.level === 'error' && e.message === STALE)).toBe(true)

    // Reload: the latest version becomes the base, the typed values stay in the form.
    actor.send({ type: 'RELOAD_LATEST' })
    s = await waitFor(actor, (s) => s.matches('edit'))
    expect(loads).toEqual([{ id: 7 }])
    expect(s.context.stale).toBe(false)
    expect(s.context.record?.version).toBe(4)
    expect(s.context.saved).toEqual(saved.dataObject)
    expect(s.context.draft.percent).toBe('5')

    // Saving now names the version just loaded; Cancel instead would have shown the latest values.
    actor.send({ type: 'SAVE' })
    s = await waitFor(actor, (s) => s.matches('view'))
    expect(saves[1]).toMatchObject({ id: 7, version: 4 })
    expect(s.context.record?.version).toBe(5)
  })

  it('Cancel after a 409 shows the latest values once reloaded', async () => {
    const latest: RecordDto = { ...vatRecord, version: 4, dataObject: { ...vatRecord.dataObject, percent: '8' } }
    const { actor } = start(
      { record: v3, template },
      {
        save: async () => {
          throw stale
        },
        load: async () => latest,
      },
    )
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches('error'))
    actor.send({ type: 'RELOAD_LATEST' })
    await waitFor(actor, (s) => s.matches('edit'))
    actor.send({ type: 'CANCEL' })
    const s = actor.getSnapshot()
    expect(s.value).toBe('view')
    expect(s.context.draft).toEqual(latest.dataObject)
  })

  it('a new company record is sent as version 0, an item added in add mode with none', async () => {
    const company = start({ template })
    await waitFor(company.actor, (s) => s.matches('view'))
    company.actor.send({ type: 'EDIT' })
    company.actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    company.actor.send({ type: 'SAVE' })
    await waitFor(company.actor, (s) => s.matches('view'))
    expect(company.saves[0]).toMatchObject({ id: 0, version: 0 })
    const add = start({ template, mode: 'add' })
    add.actor.send({ type: 'CHANGE', path: 'percent', value: '5' })
    add.actor.send({ type: 'SAVE' })
    await waitFor(add.actor, (s) => s.matches('edit') && add.saves.length === 1)
    expect(add.saves[0]!.version).toBeUndefined()
  })
})
