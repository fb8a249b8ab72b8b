import type { Meta, StoryObj } from '@storybook/react-vite'
import { Route, Routes } from 'react-router'
import type { SessionData } from '../session/machine.ts'
import { adminSession, userSession, WithSession, withSession } from '../stories/fixtures.tsx'
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

/** The menu for a visitor, a user or an admin, `height` pixels tall, open or pinned. */
const menu = (
  session: () => SessionData | null,
  height: number,
  { open, pinned }: { open: boolean; pinned: boolean },
) =>
  withSession(session, () => (
    <div style={{ height }}>
      <Menu open={open} pinned={pinned} onClose={() => {}} onTogglePin={() => {}} />
    </div>
  ))

export const MenuLoggedOut: Story = menu(() => null, 360, { open: true, pinned: false })

export const MenuUser: Story = menu(userSession, 560, { open: true, pinned: false })

export const MenuAdminPinned: Story = menu(adminSession, 620, { open: false, pinned: true })

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
