/** Store selection: the same configuration as the API (`openStoreFromEnv`), plus `--data DIR`. */
import { type EventStore, openStoreFromEnv } from '@finance/event-store'

export const openStore = async (
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string | undefined,
): Promise<EventStore> => await openStoreFromEnv({ env, dataDir })
