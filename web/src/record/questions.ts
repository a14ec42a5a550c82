/**
 * What the record asks the clinician before it acts, as types: the controller asks
 * through `Ask`, the page answers with a modal dialog (dialogs.ts), the tests with
 * their own answers. Pure: no DOM.
 */

export interface Question {
  /** Names the dialog for tests and styles (data-question). */
  readonly id: string
  readonly title: string
  readonly text: string
  readonly confirm: string
  /** The action removes something (styled as a warning). */
  readonly danger?: boolean
}

export interface Ask {
  /** True when the user chose the action, false on Cancel or Escape. */
  confirm(question: Question): Promise<boolean>
}
