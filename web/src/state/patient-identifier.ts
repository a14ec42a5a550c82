/**
 * Patient identifiers as the app compares them. The rule lives in core
 * (core/patient-identifier.ts), shared with the record server, which keys its patients by it.
 */
export { identifierKey, sameIdentifier } from '#core/patient-identifier.js'
