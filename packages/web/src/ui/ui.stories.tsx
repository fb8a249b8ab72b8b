import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { Button } from './Button.tsx'
import { Card } from './Card.tsx'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { Checkbox, FormErrors, NumberInput, Select, TextInput } from './Field.tsx'
import { Loader } from './Loader.tsx'
import { createMessageStore, MessagePopups } from './messages.tsx'
import { PencilToggle, TrashButton } from './PencilToggle.tsx'
import { Tile, TileGroup } from './Tile.tsx'

const meta: Meta = { title: 'UI/Kit' }
export default meta
type Story = StoryObj

export const Buttons: Story = {
  render: () => (
    <div className="form-buttons">
      <Button>Primary</Button>
      <Button variant="secondary">Secondary</Button>
      <Button variant="danger">Danger</Button>
      <Button variant="link">Link</Button>
      <Button disabled>Disabled</Button>
    </div>
  ),
}

export const CardWithActions: Story = {
  render: () => {
    const [editing, setEditing] = useState(false)
    return (
      <Card title="Primary data" actions={<PencilToggle editing={editing} onToggle={() => setEditing((e) => !e)} />}>
        <p>{editing ? 'Edit mode' : 'View mode'}</p>
      </Card>
    )
  },
}

export const Cards: Story = {
  render: () => (
    <>
      <Card title="Completed" dimmed actions={<TrashButton onClick={() => {}} />}>
        Dimmed card
      </Card>
      <Card title="Company" highlighted>
        Highlighted card
      </Card>
    </>
  ),
}

export const Fields: Story = {
  render: () => (
    <Card title="Fields">
      <TextInput label="Name" defaultValue="Office rent" />
      <TextInput label="Email" type="email" defaultValue="wrong" error="Email needs to be in correct format" />
      <NumberInput label="Amount" defaultValue="1234.50" />
      <NumberInput label="Repetitions" step="1" defaultValue="12" />
      <Select
        label="Tax type"
        placeholder="—"
        options={[
          { value: 'Flat', label: 'Flat' },
          { value: 'Linear', label: 'Linear' },
          { value: 'Scale', label: 'Scale' },
        ]}
      />
      <Checkbox label="Company expense" defaultChecked />
      <FormErrors errors={['No changes on the form']} />
    </Card>
  ),
}

export const LoaderOverlay: Story = { render: () => <Loader /> }

export const Popups: Story = {
  render: () => {
    const [store] = useState(createMessageStore)
    useEffect(() => {
      store.info('Item saved')
      store.warning('Check the dates')
      store.error('Response error, can not connect to API.')
    }, [store])
    return <MessagePopups store={store} />
  },
}

export const Confirm: Story = {
  render: () => <ConfirmDialog open onConfirm={() => {}} onCancel={() => {}} />,
}

export const Tiles: Story = {
  render: () => (
    <TileGroup title="Company">
      <Tile to="/companydashboard/company" title="Your company" icon="company" />
      <Tile to="/companydashboard/fees" title="Fees" icon="fees" description="Taxes, recurring, fixed" />
    </TileGroup>
  ),
}
