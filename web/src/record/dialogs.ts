/**
 * Questions the app must ask before it acts (a file of another patient, deleting a
 * patient or a visit): a modal <dialog> with one action and Cancel, answered as a
 * promise; and the import preview (import-dialog.ts), answered with the clinician's
 * choices. Commands never ask; the effects that call them do, through `Ask`.
 */

import { t } from '../i18n/index.js'
import { h } from '../render/dom.js'
import { askImportPlan } from './import-dialog.js'
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

export const dialogAsk: Ask = {
  importPlan: askImportPlan,
  confirm(q) {
    return new Promise((resolve) => {
      const yes = h(
        'button',
        { type: 'submit', value: 'yes', class: q.danger ? 'danger' : 'primary', 'data-answer': 'yes' },
        q.confirm,
      )
      const no = h('button', { type: 'submit', value: 'no', 'data-answer': 'no' }, t('record.cancel'))
      const dialog = h(
        'dialog',
        { class: 'question', 'data-question': q.id, 'aria-labelledby': `question-${q.id}` },
        h(
          'form',
          { method: 'dialog' },
          h('h2', { id: `question-${q.id}` }, q.title),
          h('p', {}, q.text),
          h('p', { class: 'dialog-actions' }, no, ' ', yes),
        ),
      )
      dialog.addEventListener('close', () => {
        resolve(dialog.returnValue === 'yes')
        dialog.remove()
      })
      document.body.append(dialog)
      dialog.showModal()
      no.focus()
    })
  },
}
