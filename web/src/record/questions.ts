/**
 * What the record asks the clinician before it acts, as types: the controller asks
 * through `Ask`, the page answers with a modal dialog (dialogs.ts), the tests with
 * their own answers. Pure: no DOM.
 */
import type { ImportDecisions, ImportPlan } from './import-plan.js'

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
  /**
   * Shows what importing the file `name` will do, per patient and per visit, with a
   * choice where there is one: the choices made on Import, null on Cancel or Escape.
   */
  importPlan(plan: ImportPlan, name: string): Promise<ImportDecisions | null>
}
