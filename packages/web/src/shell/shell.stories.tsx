import type { Meta, StoryObj } from '@storybook/react-vite'
import { Route, Routes } from 'react-router'
import { adminSession, userSession, WithSession } from '../stories/fixtures.tsx'
import { Breadcrumb } from './Breadcrumb.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { Layout } from './Layout.tsx'
import { Menu } from './Menu.tsx'
import { ScrollTop } from './ScrollTop.tsx'

const meta: Meta = { title: 'Shell' }
export default meta
type Story = StoryObj

export const HeaderBar: Story = {
  render: () => <Header menuOpen={false} onMenu={() => {}} pathname="/companydashboard/fees/taxes" />,
}

export const BreadcrumbTrail: Story = {
  render: () => <Breadcrumb pathname="/dashboard/monthly" />,
}

export const MenuLoggedOut: Story = {
  render: () => (
    <WithSession session={null}>
      <div style={{ height: 360 }}>
        <Menu open pinned={false} onClose={() => {}} onTogglePin={() => {}} />
      </div>
    </WithSession>
  ),
}

export const MenuUser: Story = {
  render: () => (
    <WithSession session={userSession()}>
      <div style={{ height: 560 }}>
        <Menu open pinned={false} onClose={() => {}} onTogglePin={() => {}} />
      </div>
    </WithSession>
  ),
}

export const MenuAdminPinned: Story = {
  render: () => (
    <WithSession session={adminSession()}>
      <div style={{ height: 620 }}>
        <Menu open={false} pinned onClose={() => {}} onTogglePin={() => {}} />
      </div>
    </WithSession>
  ),
}

export const FooterLine: Story = { render: () => <Footer year={2026} /> }

export const ScrollTopButton: Story = { render: () => <ScrollTop forceVisible /> }

export const WholeLayout: Story = {
  parameters: { route: '/settings' },
  render: () => (
    <WithSession session={userSession()}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<p>Content</p>} />
        </Route>
      </Routes>
    </WithSession>
  ),
}
