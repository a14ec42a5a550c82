/**
 * Patient identifiers as the app compares them: a visit, a file and a comparison
 * belong to the same patient when their identifiers have the same key. Identifiers
 * are shown as typed; only the key is compared. The record server keys its patients
 * by the same rule (src/record-server), so the app and the server agree on who is who.
 */

/**
 * The key identifiers compare by: no whitespace anywhere, lower case, Unicode NFC.
 * "PAC-0042", " pac-0042 " and "pac - 0042" are the same patient.
 */
export function identifierKey(identifier: string): string {
  return identifier.normalize('NFC').replace(/\s+/gu, '').toLowerCase()
}

export function sameIdentifier(a: string, b: string): boolean {
  return identifierKey(a) === identifierKey(b)
}
