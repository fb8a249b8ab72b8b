/**
 * The port to KSeF's API (Krajowy System e-Faktur), for sending the FA(3) invoices Finance writes and fetching the
 * numbers KSeF gives them. Finance does not send invoices yet: this installation has no adapter, and
 * `unavailableKsefClient` refuses every call, saying so — it never pretends to send. The user downloads the FA(3)
 * file (`GET /api/ksef/invoices/:id/fa3`), sends it with KSeF's own application (Aplikacja Podatnika KSeF) and enters
 * the number KSeF gave it (`PUT /api/ksef/invoices/:id/ksef-number`).
 *
 * The design an adapter implements (KSeF API 2.0, docs/architecture.md "KSeF"):
 * 1. authenticate the taxpayer (a KSeF token or a qualified certificate) for the company's NIP and open an
 *    interactive session, encrypted with a symmetric key KSeF's public key wraps;
 * 2. send each invoice (its XML, encrypted, with its SHA-256 hash) and keep the reference number KSeF returns;
 * 3. poll the reference until KSeF accepts (the invoice's KSeF number and the UPO) or rejects it (the reason);
 * 4. record the KSeF number on the item (`UpdateItem`), exactly as a user entering it does.
 * Credentials would live in the store's secret area, never in an event (docs/security.md).
 */

export interface KsefSubmission {
  /** KSeF's reference number of the sent invoice, to ask for its status. */
  readonly referenceNumber: string
}

export type KsefStatus =
  | { readonly state: 'pending' }
  | { readonly state: 'accepted'; readonly ksefNumber: string }
  | { readonly state: 'rejected'; readonly reason: string }

export interface KsefClient {
  /** Sends one FA(3) invoice of the company `nip`. */
  send(nip: string, fa3Xml: string): Promise<KsefSubmission>
  /** The state of a sent invoice. */
  status(nip: string, referenceNumber: string): Promise<KsefStatus>
}

/** Why no invoice can be sent from this installation. */
export class KsefUnavailable extends Error {
  override readonly name = 'KsefUnavailable'
  constructor() {
    super(
      'Sending to KSeF is not available in this installation: download the FA(3) file, send it with the KSeF application and enter the KSeF number it gives',
    )
  }
}

/** The only client there is: it sends nothing and says so. */
export const unavailableKsefClient: KsefClient = {
  send: () => Promise.reject(new KsefUnavailable()),
  status: () => Promise.reject(new KsefUnavailable()),
}
