/** Fixed log entries for stories and tests. */
import type { LogEntry } from './types.ts'

export const fixtureLogs = (): LogEntry[] => [
  {
    id: 3,
    createdDate: '2026-03-15T10:02:11.000Z',
    userName: 'owner@example.com',
    eventType: 'ItemAdded',
    dataType: 'RecurringIncome',
    dataObject: { name: 'Programming services', amount: '10000.00', isCompany: true, repetitions: 12 },
  },
  {
    id: 2,
    createdDate: '2026-03-15T10:01:40.000Z',
    userName: 'owner@example.com',
    eventType: 'SettingAdded',
    dataType: 'Vat',
    dataObject: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
  },
  {
    id: 1,
    createdDate: '2026-03-15T10:00:05.000Z',
    userName: 'admin@example.com',
    eventType: 'UserRegistered',
    dataType: 'User',
    dataObject: { email: 'owner@example.com', role: '1' },
  },
]
