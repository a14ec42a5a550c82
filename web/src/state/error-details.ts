/**
 * An error's own text (a browser engine's or a library's, often English) for the
 * "Technical details" of a message (a notice's details, the record line's): never put
 * inside one of the app's sentences, which say what happened in the clinician's language.
 */
export function errorDetails(error: unknown): string {
  if (error instanceof Error)
    return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message
  return String(error)
}
