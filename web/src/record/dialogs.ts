/**
 * Questions the app must ask before it acts (a file of another patient, deleting a
 * patient or a visit, discarding unsaved work, moving a visit): a modal <dialog> with
 * one action and Cancel, answered as a promise; and the import preview
 * (import-dialog.ts), answered with the clinician's choices. Commands never ask; the
 * effects that call them do, through `Ask` (questions.ts).
 */

import { t } from '../i18n/index.js'
import { h } from '../render/dom.js'
import { askImportPlan } from './import-dialog.js'

import type { Ask } from './questions.js'

export type { Ask, Question } from './questions.js'

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
