import type {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmedBody,
} from '@finance/ledger-core'
import {
  api,
  type ChangePasswordResult,
  type LoginResult,
  type RefreshResult,
  type SettingsData,
  type SuccessResult,
} from './client.ts'

/**
 * The account calls (apicontract), typed by the shared account schemas of the core (type-only import: the
 * schemas' runtime stays out of the bundle).
 */
export const accountApi = {
  login: (body: LoginBody) => api.post<LoginResult>('account/login', body),
  register: (body: RegisterBody) => api.post<SuccessResult>('account/register', body),
  changePassword: (body: ChangePasswordBody) => api.post<ChangePasswordResult>('account/changePassword', body),
  resetPassword: (body: ResetPasswordBody) => api.post<SuccessResult>('account/resetPassword', body),
  resetPasswordConfirmed: (body: ResetPasswordConfirmedBody) =>
    api.post<SuccessResult>('account/resetPasswordConfirmed', body),
  refreshToken: () => api.post<RefreshResult>('account/refreshToken'),
  /** Ends the session of `token` on the server (its refreshed tokens too); the caller drops it locally. */
  logout: (token: string) => api.post<SuccessResult>('account/logout', {}, { token }),
  settings: () => api.get<SettingsData>('home/GetSettingsData'),
}
