import { createContext, type ReactNode, useContext } from 'react'
import { api } from '../../api/client.ts'
import { apiServices, type RecordServices } from '../lib/services.ts'

const defaultServices = apiServices(api)

const ServicesContext = createContext<RecordServices>(defaultServices)

/** Replaces the API for everything below (stories, tests). */
export const ServicesProvider = ({ services, children }: { services: RecordServices; children: ReactNode }) => (
  <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
)

export const useServices = (): RecordServices => useContext(ServicesContext)
