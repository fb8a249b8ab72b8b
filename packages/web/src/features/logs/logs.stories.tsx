import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureLogs } from './fixtures.ts'
import { LogsPage } from './LogsPage.tsx'
import type { LogPage, LogQuery } from './types.ts'

const meta: Meta = { title: 'Logs', parameters: { route: '/logs' } }
export default meta
type Story = StoryObj

const page = async ({ query }: { key: string; query: LogQuery }): Promise<LogPage> => {
  const all = [...fixtureLogs(), ...fixtureLogs().map((e) => ({ ...e, id: Number(e.id) + 3 }))]
  const sorted = query.descending ? all : [...all].reverse()
  const start = (query.pageNumber - 1) * query.pageSize
  return { items: sorted.slice(start, start + query.pageSize), total: all.length }
}

/** The key step: 'Key is NOT set' and the hint; type any key and press Set key to see entries. */
export const KeyStep: Story = { render: () => <LogsPage effects={{ loadPage: page }} /> }

/** With a key: the query form (page size 5, page 1, descending, empty search) and entries as JSON; paging. */
export const WithEntries: Story = { render: () => <LogsPage effects={{ loadPage: page }} initialKey="secret" /> }

/** No entries for the query. */
export const NoEntries: Story = {
  render: () => <LogsPage effects={{ loadPage: async () => ({ items: [], total: 0 }) }} initialKey="secret" />,
}

/** A key the server refuses: an error popup and no entries. */
export const WrongKey: Story = {
  render: () => (
    <LogsPage
      effects={{
        loadPage: async () => {
          throw Object.assign(new Error('Access denied'), { status: 403 })
        },
      }}
      initialKey="wrong"
    />
  ),
}
