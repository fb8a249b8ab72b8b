/**
 * Server-side texts in the user's language (pl default, en): e-mails and the Accept answers. The web app has its
 * own Lingui catalogues; these are the few texts the server itself writes.
 */
import type { Language, ReminderDue } from '@finance/ledger-core/light'

export type { Language }

interface Texts {
  resetSubject: string
  resetBody: (link: string) => string
  welcomeSubject: string
  welcomeBody: (email: string, link: string) => string
  reminderSubject: (name: string, dueDate: string) => string
  reminderBody: (p: { name: string; amount: string; dueDate: string; link: string }) => string
  /** A completed payment whose amount grew afterwards: what was paid, what it is now, what remains. */
  reminderRemainderBody: (p: {
    name: string
    paid: string
    now: string
    remaining: string
    dueDate: string
    link: string
  }) => string
  acceptDone: string
  acceptAlready: string
  acceptInvalid: string
}

export const texts: Record<Language, Texts> = {
  pl: {
    resetSubject: 'Finance: resetowanie hasła',
    resetBody: (link) =>
      `Ktoś (zapewne Ty) poprosił o zresetowanie hasła w Finance.\n\nAby ustawić nowe hasło, otwórz link (ważny 1 godzinę, jednorazowy):\n${link}\n\nJeśli to nie Ty, zignoruj tę wiadomość.\n`,
    welcomeSubject: 'Finance: konto utworzone',
    welcomeBody: (email, link) =>
      `Utworzono konto Finance dla ${email}.\n\nZaloguj się tutaj:\n${link}\n\nHasło przekaże Ci administrator.\n`,
    reminderSubject: (name, dueDate) => `Finance: przypomnienie o płatności „${name}” do ${dueDate}`,
    reminderBody: ({ name, amount, dueDate, link }) =>
      `Przypomnienie: płatność „${name}” na kwotę ${amount} zł ma termin ${dueDate}.\n\nPo zapłaceniu możesz oznaczyć ją jako zrealizowaną jednym kliknięciem:\n${link}\n`,
    reminderRemainderBody: ({ name, paid, now, remaining, dueDate, link }) =>
      `Przypomnienie: kwota płatności „${name}” (termin ${dueDate}) zmieniła się po zapłacie: zapłacono ${paid} zł — teraz ${now} zł — ${remaining} zł do zapłaty.\n\nPo dopłacie możesz oznaczyć ją jako zrealizowaną jednym kliknięciem:\n${link}\n`,
    acceptDone: 'Transakcja oznaczona jako zrealizowana.',
    acceptAlready: 'Transakcja była już oznaczona jako zrealizowana.',
    acceptInvalid: 'Link jest nieprawidłowy lub wygasł.',
  },
  en: {
    resetSubject: 'Finance: password reset',
    resetBody: (link) =>
      `Someone (probably you) asked to reset your Finance password.\n\nTo set a new password open this link (valid for 1 hour, single use):\n${link}\n\nIf it was not you, ignore this message.\n`,
    welcomeSubject: 'Finance: account created',
    welcomeBody: (email, link) =>
      `A Finance account was created for ${email}.\n\nLog in here:\n${link}\n\nYour administrator will give you the password.\n`,
    reminderSubject: (name, dueDate) => `Finance: payment reminder "${name}" due ${dueDate}`,
    reminderBody: ({ name, amount, dueDate, link }) =>
      `Reminder: the payment "${name}" of ${amount} PLN is due on ${dueDate}.\n\nOnce paid, mark it completed with one click:\n${link}\n`,
    reminderRemainderBody: ({ name, paid, now, remaining, dueDate, link }) =>
      `Reminder: the amount of the payment "${name}" (due ${dueDate}) changed after it was paid: paid ${paid} PLN — now ${now} PLN — ${remaining} PLN to pay.\n\nOnce the rest is paid, mark it completed with one click:\n${link}\n`,
    acceptDone: 'Transaction marked as completed.',
    acceptAlready: 'Transaction was already completed.',
    acceptInvalid: 'The link is invalid or has expired.',
  },
}

/**
 * A link into the web app for an e-mail. Only the path of the client-supplied `url` is kept: the origin is always
 * `publicUrl` (FINANCE_PUBLIC_URL), so a forged request cannot make the server mail a secret code to another site.
 */
export function appLink(
  url: string | null | undefined,
  publicUrl: string,
  fallbackPath: string,
  params: Record<string, string>,
): string {
  let path = fallbackPath
  if (typeof url === 'string' && url.trim() !== '') {
    try {
      const parsed = new URL(url, 'http://placeholder.invalid')
      if (parsed.pathname.startsWith('/') && !parsed.pathname.startsWith('//')) path = parsed.pathname
    } catch {
      // keep the fallback path
    }
  }
  const link = new URL(path, `${publicUrl}/`)
  for (const [k, v] of Object.entries(params)) link.searchParams.set(k, v)
  return link.toString()
}

/** The e-mail of one reminder, in the user's language. */
export const reminderMail = (language: Language, r: ReminderDue, link: string) => {
  const lang = texts[language]
  const t = r.transaction
  const name = t.dataObject.displayName || t.dataObject.name
  return {
    subject: lang.reminderSubject(name, r.dueDate),
    text: r.remainder
      ? lang.reminderRemainderBody({
          name,
          paid: t.paidAmount ?? '',
          now: t.dataObject.sum,
          remaining: r.amount,
          dueDate: r.dueDate,
          link,
        })
      : lang.reminderBody({ name, amount: r.amount, dueDate: r.dueDate, link }),
  }
}
