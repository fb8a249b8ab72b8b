import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import type { Draft } from '../lib/paths.ts'
import type { RecordDto } from '../lib/records.ts'
import type { ServiceDataType } from '../lib/services.ts'
import { prepareFor, validatorFor } from '../lib/validation.ts'
import { type FormInput, type LoadRequest, formMachine, type SaveRequest } from './recordFormMachine.ts'
import { useNotices } from './messages.ts'
import { useServices } from './services.tsx'

export interface UseRecordFormOptions {
  dataType: ServiceDataType
  template: Draft
  mode?: 'record' | 'add'
  /** A known record (item cards); otherwise the current one is loaded in `record` mode. */
  record?: RecordDto | null
  savedMessage?: string
  onSaved?: (record: RecordDto) => void
  /** Saves elsewhere than the type's own endpoint (an item made from a bank line); the services' `save` otherwise. */
  save?: (request: SaveRequest) => Promise<RecordDto>
}

/**
 * A form machine wired to the services in context (`load` = current record, `save` = POST/PUT, or the given `save`), the core's
 * validation for `dataType`, and the popups: successes as info, failures as errors, translated.
 */
export const useRecordForm = ({
  dataType,
  template,
  mode = 'record',
  record,
  savedMessage,
  onSaved,
  save,
}: UseRecordFormOptions) => {
  const services = useServices()
  const saveRef = useRef(save)
  saveRef.current = save
  const machine = useMemo(
    () =>
      formMachine.provide({
        actors: {
          // The current record of the type at first; one record by id when reloading after a 409.
          load: fromPromise(({ input }: { input: LoadRequest }) =>
            input.id > 0 ? services.getById(dataType, input.id) : services.getCurrent(dataType),
          ),
          save: fromPromise(({ input }: { input: SaveRequest }) =>
            saveRef.current ? saveRef.current(input) : services.save(dataType, input),
          ),
        },
      }),
    [services, dataType],
  )
  const input: FormInput = {
    mode,
    record: record ?? null,
    template,
    validate: validatorFor(dataType),
    prepare: prepareFor(dataType),
    savedMessage,
  }
  const actorRef = useActorRef(machine, { input })
  const onSavedRef = useRef(onSaved)
  onSavedRef.current = onSaved
  useNotices(actorRef)
  useEffect(() => {
    const sub = actorRef.on('saved', (e) => onSavedRef.current?.(e.record))
    return () => sub.unsubscribe()
  }, [actorRef])
  const snapshot = useSelector(actorRef, (s) => s)
  const editing =
    snapshot.matches('edit') ||
    snapshot.matches('error') ||
    snapshot.matches('submitting') ||
    snapshot.matches('refreshing')
  return {
    actorRef,
    send: actorRef.send,
    /** The form's `onSubmit`: saves through the machine instead of the browser's submit. */
    submit: (e: { preventDefault: () => void }) => {
      e.preventDefault()
      actorRef.send({ type: 'SAVE' })
    },
    snapshot,
    context: snapshot.context,
    editing,
    submitting: snapshot.matches('submitting'),
    loading: snapshot.matches('loading') || snapshot.matches('start'),
    refreshing: snapshot.matches('refreshing'),
  }
}

export type RecordForm = ReturnType<typeof useRecordForm>
