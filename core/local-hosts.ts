/**
 * The host names that mean "this computer": the only hosts a FHIR server may be reached
 * on over plain http (a local test server). The service checks FHIR_SERVER_ORIGINS with
 * it (src/config.ts) and the app the base URL a clinician types (web/src/fhir/send.ts),
 * so both accept the same addresses. Pure data.
 */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])
