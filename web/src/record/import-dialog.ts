/**
 * The import preview: a modal <dialog> listing every patient and visit of a backup
 * with what will become of it (import-plan.ts, in the words of import-text.ts), a
 * choice wherever there is one, the proposed choice selected (none for a patient
 * whose name differs: Import stays disabled until the clinician chooses), and what
 * the import will write, kept up to date as choices change. Import / Cancel,
 * answered as a promise (dialogs.ts Ask.importPlan).
 */

import { t } from '../i18n/index.js'
import { h } from '../render/dom.js'
import type { View } from '../state/model.js'
import {
  type ImportDecisions,
  type ImportPlan,
  importCounts,
  type PatientChoice,
  type PatientPlan,
  proposedDecisions,
  undecided,
  type VisitChoice,
  type VisitPlan,
} from './import-plan.js'
import {
  dateText,
  differenceTexts,
  patientStatusText,
  summaryLines,
  visitChoiceText,
  visitStatusText,
  willText,
} from './import-text.js'

const PATIENT_CHOICE_KEYS = {
  'keep-here': 'record.import.patient.keepHere',
  'take-file': 'record.import.patient.takeFile',
  skip: 'record.import.patient.skip',
} as const

/** A group of radio buttons, one per choice, the current one checked. */
function choiceGroup<C extends string>(
  name: string,
  legend: string,
  choices: readonly C[],
  current: C | undefined,
  label: (choice: C) => string,
  chosen: (choice: C) => void,
): HTMLFieldSetElement {
  const group = h('fieldset', { class: 'import-choice' }, h('legend', {}, legend))
  for (const choice of choices) {
    const input = h('input', { type: 'radio', name, value: choice, checked: choice === current })
    input.addEventListener('change', () => input.checked && chosen(choice))
    group.append(h('label', {}, input, ' ', label(choice)))
  }
  return group
}

/** Shows the plan; resolves with the choices on Import, null on Cancel or Escape. */
export function askImportPlan(plan: ImportPlan, name: string): Promise<ImportDecisions | null> {
  const proposed = proposedDecisions(plan)
  const patients = new Map<string, PatientChoice>(proposed.patients)
  const visits = new Map<string, VisitChoice>(proposed.visits)
  const decisions: ImportDecisions = { patients, visits }

  const will = h('p', { class: 'import-will', 'aria-live': 'polite' })
  const yes = h(
    'button',
    { type: 'submit', value: 'yes', class: 'primary', 'data-answer': 'yes' },
    t('record.import.confirm'),
  )
  const no = h('button', { type: 'submit', value: 'no', 'data-answer': 'no' }, t('record.cancel'))
  /** Per patient, what shows or hides when it is skipped. */
  const skippable: { plan: PatientPlan; section: HTMLElement; note: HTMLElement; visits: HTMLFieldSetElement }[] = []

  const update = () => {
    for (const s of skippable) {
      const skipped = patients.get(s.plan.file.id) === 'skip'
      s.section.dataset.skipped = String(skipped)
      s.note.hidden = !skipped
      s.visits.disabled = skipped
    }
    const open = undecided(plan, decisions)
    yes.disabled = open.length > 0
    will.textContent = open.length
      ? t('record.import.will.undecided', { count: open.length })
      : willText(importCounts(plan, decisions))
  }

  const visitItem = (v: VisitPlan, radios: string): HTMLElement => {
    const views = Object.keys(v.file.file.views).map((view) => t(`view.${view as View}.title`))
    return h(
      'li',
      { 'data-visit': v.file.id, 'data-status': v.status, 'data-date': v.file.date },
      h('strong', { class: 'import-visit-date' }, dateText(v.file.date)),
      ' ',
      h('span', { class: 'field-help' }, t('record.visit.views', { views: views.join(', ') })),
      ' ',
      h('span', { class: 'import-visit-status' }, visitStatusText(v)),
      v.choices.length
        ? choiceGroup(
            radios,
            t('record.import.visit.question'),
            v.choices,
            visits.get(v.file.id),
            visitChoiceText,
            (choice) => {
              visits.set(v.file.id, choice)
              update()
            },
          )
        : null,
    )
  }

  const patientSection = (p: PatientPlan, index: number): HTMLElement => {
    const section = h(
      'section',
      {
        class: 'import-patient',
        'data-patient': p.file.identifier,
        'data-status': p.status,
        'data-here': p.here?.identifier ?? null,
      },
      h('h3', {}, p.file.identifier.trim(), p.file.name.trim() ? ` · ${p.file.name.trim()}` : ''),
      h('p', { class: 'import-patient-status' }, patientStatusText(p)),
    )
    const differences = differenceTexts(p.differences)
    if (differences.length)
      section.append(
        h('ul', { class: 'import-differences' }, ...differences.map((d) => h('li', { 'data-field': d.field }, d.text))),
      )
    if (p.choices.length)
      section.append(
        choiceGroup(
          `patient-${index}`,
          t(p.differences.name ? 'record.import.patient.questionName' : 'record.import.patient.question'),
          p.choices,
          patients.get(p.file.id),
          (choice) => t(PATIENT_CHOICE_KEYS[choice]),
          (choice) => {
            patients.set(p.file.id, choice)
            update()
          },
        ),
      )
    const note = h('p', { class: 'import-skipped', hidden: true }, t('record.import.patient.skipped'))
    const list = h('ol', { class: 'import-visits' }, ...p.visits.map((v, i) => visitItem(v, `visit-${index}-${i}`)))
    const box = h('fieldset', { class: 'import-visits-box' }, list)
    section.append(note, box)
    if (p.choices.includes('skip')) skippable.push({ plan: p, section, note, visits: box })
    return section
  }

  const dialog = h(
    'dialog',
    { class: 'question import-plan', 'data-question': 'import', 'aria-labelledby': 'question-import' },
    h(
      'form',
      { method: 'dialog' },
      h('h2', { id: 'question-import' }, t('record.import.heading', { name })),
      h('p', { class: 'field-help' }, t('record.import.intro')),
      h('div', { class: 'import-summary' }, ...summaryLines(plan).map((line) => h('p', {}, line))),
      h('div', { class: 'import-patients' }, ...plan.patients.map(patientSection)),
      will,
      h('p', { class: 'dialog-actions' }, no, ' ', yes),
    ),
  )
  update()
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'yes' ? { patients: new Map(patients), visits: new Map(visits) } : null)
      dialog.remove()
    })
    document.body.append(dialog)
    dialog.showModal()
    no.focus()
  })
}
