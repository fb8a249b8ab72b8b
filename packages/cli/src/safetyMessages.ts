/**
 * The CLI's texts of backup, restore, the user's own data and account deletion (Polish default, English), merged
 * into the message table by `i18n.ts`.
 */
type Lang = 'pl' | 'en'
type Text = string | ((...values: never[]) => string)

export const safetyMessages = {
  backedUp: {
    pl: (file: string, size: string, events: string, seconds: string) =>
      `zapisano kopię zapasową ${file}: ${size}, zdarzeń: ${events}, w ${seconds} s`,
    en: (file: string, size: string, events: string, seconds: string) =>
      `backed up to ${file}: ${size}, ${events} events, in ${seconds} s`,
  },
  backupChecksum: { pl: (hex: string) => `suma kontrolna pliku ${hex}`, en: (hex: string) => `file checksum ${hex}` },
  restored: {
    pl: (events: string, secrets: string, seconds: string) =>
      `odtworzono z kopii zdarzeń: ${events}, sekretów: ${secrets}, w ${seconds} s; skrót zgodny z zapisanym w kopii`,
    en: (events: string, secrets: string, seconds: string) =>
      `restored ${events} events and ${secrets} secrets in ${seconds} s; the digest matches the one the backup recorded`,
  },
  backupVerified: {
    pl: (events: string, at: string) => `kopia poprawna: zdarzeń: ${events}, z chwili ${at}`,
    en: (events: string, at: string) => `the backup is sound: ${events} events, taken at ${at}`,
  },
  backup_notBackup: {
    pl: (file: string) => `${file} nie jest kopią zapasową Finance`,
    en: (file: string) => `${file} is not a Finance backup`,
  },
  backup_newerFormat: {
    pl: (v: string) => `kopię zapisała nowsza wersja Finance (format ${v}); zaktualizuj program`,
    en: (v: string) => `a newer Finance wrote this backup (format ${v}); upgrade the program`,
  },
  backup_checksum: {
    pl: 'zawartość kopii nie zgadza się z jej sumą kontrolną: plik jest uszkodzony; niczego nie zapisano',
    en: 'the backup does not match its checksum: the file is damaged; nothing was written',
  },
  backup_newerEvents: {
    pl: (which: string) =>
      `kopia zawiera zdarzenia w wersjach nowszych niż zna ten program (${which}); zaktualizuj program`,
    en: (which: string) => `the backup holds events in versions newer than this program reads (${which}); upgrade it`,
  },
  backup_notEmpty: {
    pl: (events: string) =>
      `magazyn danych nie jest pusty (zdarzeń: ${events}); kopię odtwarza się tylko do pustego magazynu`,
    en: (events: string) => `the store is not empty (${events} events); a backup is restored into an empty store only`,
  },
  backup_secretsUnlisted: {
    pl: (kind: string) => `magazynu ${kind} nie da się skopiować przez Finance; użyj narzędzi kopii tej bazy`,
    en: (kind: string) => `a ${kind} store cannot be copied by Finance; use the database's own backup tools`,
  },
  backup_digest: {
    pl: (digest: string) =>
      `po odtworzeniu księgi dają inny skrót (${digest}) niż zapisany w kopii; usuń odtworzony magazyn i zgłoś błąd`,
    en: (digest: string) =>
      `the restored books give another digest (${digest}) than the backup recorded; remove the restored store and report it`,
  },
  financeNeedsUser: {
    pl: '--format finance eksportuje dane jednego użytkownika: podaj --user',
    en: "--format finance exports one user's data: give --user",
  },
  userExportNewer: {
    pl: (v: string) => `plik zapisała nowsza wersja Finance (format ${v}); zaktualizuj program`,
    en: (v: string) => `a newer Finance wrote this file (format ${v}); upgrade the program`,
  },
  userExportNewerEvents: {
    pl: (which: string) =>
      `plik zawiera zdarzenia w wersjach nowszych niż zna ten program (${which}); zaktualizuj program`,
    en: (which: string) => `the file holds events in versions newer than this program reads (${which}); upgrade it`,
  },
  userExportCount: {
    pl: (header: string, lines: string) =>
      `nagłówek zapowiada zdarzeń: ${header}, a plik zawiera: ${lines}; plik jest niepełny`,
    en: (header: string, lines: string) =>
      `the header announces ${header} events and the file holds ${lines}; the file is incomplete`,
  },
  userExportForeign: {
    pl: (stream: string) => `zdarzenie strumienia ${stream}, który nie należy do użytkownika z nagłówka`,
    en: (stream: string) => `an event of stream ${stream}, which is not the header's user's`,
  },
  userExists: {
    pl: (email: string) =>
      `magazyn zawiera już dane użytkownika ${email} (albo jego adres e-mail); niczego nie zapisano`,
    en: (email: string) => `the store already holds data of ${email} (or its e-mail address); nothing was written`,
  },
  userImported: {
    pl: (email: string, events: string) =>
      `zaimportowano dane użytkownika ${email}: zdarzeń: ${events}; skrót ksiąg zgodny z plikiem. Hasła nie eksportuje się: ustaw je poleceniem finance users set-password`,
    en: (email: string, events: string) =>
      `imported the data of ${email}: ${events} events; the books' digest matches the file. Passwords are never exported: set one with finance users set-password`,
  },
  userImportDigest: {
    pl: (digest: string) => `po imporcie księgi dają inny skrót (${digest}) niż zapisany w pliku`,
    en: (digest: string) => `after the import the books give another digest (${digest}) than the file recorded`,
  },
  userDeleted: {
    pl: (email: string, until: string) =>
      `usunięto konto ${email}: logowanie wyłączone; księgi przechowywane do ${until}, potem usunie je finance users purge`,
    en: (email: string, until: string) =>
      `deleted the account ${email}: it can no longer log in; its books are kept until ${until}, then finance users purge erases them`,
  },
  cannotDeleteUser: {
    pl: (email: string, why: string) => `nie można usunąć konta ${email}: ${why}`,
    en: (email: string, why: string) => `cannot delete the account ${email}: ${why}`,
  },
  lastAdmin: { pl: 'to ostatni administrator', en: 'it is the last ADMIN' },
  purgeNone: { pl: 'brak kont, których okres przechowywania minął', en: 'no account whose retention period has ended' },
  purged: {
    pl: (email: string, events: string) => `usunięto trwale dane konta ${email}: zdarzeń: ${events}`,
    en: (email: string, events: string) => `erased the data of ${email} for good: ${events} events`,
  },
  purgeDue: {
    pl: (email: string, until: string) => `do usunięcia: ${email} (przechowywane do ${until})`,
    en: (email: string, until: string) => `due for erasure: ${email} (kept until ${until})`,
  },
  purgeRefused: {
    pl: (kind: string) => `magazyn ${kind} nie pozwala usuwać strumieni`,
    en: (kind: string) => `a ${kind} store cannot delete streams`,
  },
} as const satisfies Record<string, Record<Lang, Text>>
