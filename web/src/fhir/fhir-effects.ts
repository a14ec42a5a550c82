/**
 * The page's side of FHIR (FhirEffects for fhir-actions.ts): photos as the record keeps
 * them, the settings in localStorage and the token in sessionStorage, the question
 * before a first send (dialogs.ts), the download, the page's own Content-Security-Policy
 * (read from the app's address, same origin), and the requests to the FHIR server (the
 * Patient search, GET; the transaction, POST), which
 * tells a refusal by the page's CSP (a `securitypolicyviolation` event for the URL) from a
 * server that cannot be reached or refuses this origin (CORS: the browser says no more).
 */
import { dialogAsk } from '../record/dialogs.js'
import { newKey, storablePhoto } from '../record/photos.js'
import type { RecordStorage } from '../record/storage.js'
import { download } from '../render/dom.js'
import { type FhirEffects, FhirUnreachable } from './fhir-actions.js'
import { FhirSettingsStore } from './settings.js'

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind]
  } catch {
    return null
  }
}

/** The page's CSP, from the app's own address (HEAD: no body; the header is what the service sends with every page). */
async function pagePolicy(): Promise<string | null> {
  try {
    const here = new URL(location.href)
    here.hash = ''
    const answer = await fetch(here, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' })
    return answer.headers.get('content-security-policy')
  } catch {
    // Not known: the request itself then tells (a violation event, or no answer).
    return null
  }
}

/** A FHIR request (a POSTed JSON body, or a GET search); a failure without an answer is told apart: the page's CSP, or no server (or no CORS). */
async function request(url: string, body: string | null, token: string): Promise<{ status: number; body: string }> {
  let violated = false
  const seen = (e: SecurityPolicyViolationEvent) => {
    if (e.blockedURI && url.startsWith(e.blockedURI.replace(/\/+$/, ''))) violated = true
  }
  document.addEventListener('securitypolicyviolation', seen)
  try {
    const headers: Record<string, string> = { Accept: 'application/fhir+json' }
    if (body !== null) headers['Content-Type'] = 'application/fhir+json'
    if (token) headers.Authorization = `Bearer ${token}`
    const answer = await fetch(url, {
      method: body === null ? 'GET' : 'POST',
      headers,
      ...(body === null ? {} : { body }),
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    })
    return { status: answer.status, body: await answer.text() }
  } catch {
    // The violation event is queued as a task: let it arrive before deciding.
    await new Promise((resolve) => setTimeout(resolve, 0))
    throw new FhirUnreachable(violated)
  } finally {
    document.removeEventListener('securitypolicyviolation', seen)
  }
}

/** The page's FHIR effects; `record` gives the record's storage once it is open (stored photos come from there). */
export function browserFhirEffects(record: () => RecordStorage | null): FhirEffects {
  return {
    photos: {
      screenPhoto: (url) => storablePhoto(url),
      storedPhoto: async (key) => record()?.photo(key),
    },
    settings: new FhirSettingsStore(storage('localStorage'), storage('sessionStorage')),
    confirm: (question) => dialogAsk.confirm(question),
    download,
    appOrigin: location.origin,
    pagePolicy,
    post: (url, body, token) => request(url, body, token),
    get: (url, token) => request(url, null, token),
    reportPdf: async (state, patientName) => {
      // Loaded when asked, like the Save PDF buttons: jsPDF stays out of the main bundle.
      const pdf = await import('../files/report-pdf.js')
      return { bytes: await pdf.reportPdf(state, { patientName }), name: pdf.reportPdfFileName(state) }
    },
    now: () => new Date(),
    newUuid: newKey,
  }
}
