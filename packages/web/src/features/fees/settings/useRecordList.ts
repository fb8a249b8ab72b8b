import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useNotices } from '../../../forms/index.ts'
import { useServices } from '../../../forms/index.ts'
import type { ServiceDataType } from '../../../forms/index.ts'
import { listMachine } from '../../../forms/index.ts'

/** A list machine wired to the services in context: `loadList` = list of `dataType`, `remove` = delete by id. */
export const useRecordList = (dataType: ServiceDataType) => {
  const services = useServices()
  const machine = useMemo(
    () =>
      listMachine.provide({
        actors: {
          loadList: fromPromise(() => services.list(dataType)),
          remove: fromPromise(({ input }: { input: { id: number; version?: number } }) =>
            services.remove(dataType, input.id, input.version),
          ),
        },
      }),
    [services, dataType],
  )
  const actorRef = useActorRef(machine, { input: {} })
  useNotices(actorRef)
  const snapshot = useSelector(actorRef, (s) => s)
  return {
    actorRef,
    send: actorRef.send,
    snapshot,
    items: snapshot.context.items,
    loading: snapshot.matches('loading'),
  }
}

export type RecordList = ReturnType<typeof useRecordList>
