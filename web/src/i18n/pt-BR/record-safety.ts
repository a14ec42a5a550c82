/**
 * The record's safety messages (record-safety.ts) in Brazilian Portuguese: unfiled
 * work, copies kept, visits moved between patients. The `satisfies` clause makes a
 * missing key a compile error.
 */
import type { RECORD_SAFETY_EN } from '../record-safety.js'
import type { Message } from '../types.js'

export const RECORD_SAFETY_PT = {
  'safety.work.view': {
    none: '{view} ({photo}, nenhum marcador)',
    one: '{view} ({photo}, {count} marcador)',
    other: '{view} ({photo}, {count} marcadores)',
  },
  'safety.work.notes': 'notas e interpretação, sem marcações',
  'safety.work.photo': 'foto',
  'safety.work.noPhoto': 'sem foto',
  'safety.unfiled.title': 'Descartar o trabalho na tela?',
  'safety.unfiled.text':
    'O trabalho na tela não está no registro de nenhum paciente: {work}. Para mantê-lo, cancele e digite o identificador do paciente na ficha da avaliação. Descartá-lo e continuar?',
  'safety.unfiled.discard': 'Descartar',
  'safety.unfiled.discardText': 'O trabalho não salvo de uma janela fechada em {saved} será apagado deste navegador.',
  'safety.unfiled.listTitle': 'Trabalho não salvo de janelas fechadas',
  'safety.unfiled.item': '{saved}: {work}',
  'safety.unfiled.open': 'Abrir',
  'safety.attached.new': 'O paciente {patient} foi criado; este trabalho fica salvo como sua consulta de {date}.',
  'safety.attached.existing': {
    one: 'Salvo como consulta de {patient} ({name}) de {date}; {patient} tem agora {count} consulta.',
    other: 'Salvo como consulta de {patient} ({name}) de {date}; {patient} tem agora {count} consultas.',
  },
  'safety.copy.changed':
    'Esta consulta foi modificada em outra janela. Nada foi sobrescrito: suas alterações daqui são mantidas como outra consulta de {patient}, {date}.',
  'safety.copy.deleted':
    'Esta consulta foi excluída em outra janela. Suas alterações daqui são mantidas como uma consulta nova de {patient}, {date}.',
  'safety.copy.unknownPatient': 'sem identificador',
  'safety.copy.failed': 'não foi possível salvar a cópia da consulta',
  'safety.restore.deleted':
    'A consulta que estava aberta aqui foi excluída em outra janela. Em “Pacientes” você pode desfazer isso durante um minuto.',
  'safety.restore.newer': 'Esta consulta foi modificada depois em outra janela: sua versão mais recente é mostrada.',
  'safety.restore.journal':
    'Sua última alteração, feita logo antes de fechar ou recarregar a página, ainda não tinha sido salva: ela está de volta na tela e já foi salva.',
  'safety.restore.journalPhotos':
    'Sua última alteração, feita logo antes de fechar ou recarregar a página, está de volta na tela e já foi salva, mas a foto de {views} ainda não tinha sido salva: abra-a de novo.',
  'safety.elsewhere.changed': 'Esta consulta foi modificada em outra janela ou aba.',
  'safety.elsewhere.deleted':
    'Esta consulta foi excluída em outra janela ou aba. As alterações que você fizer aqui serão mantidas como uma consulta nova.',
  'safety.elsewhere.reload': 'Ver a versão mais recente',
  'safety.move.button': 'Passar para outro paciente…',
  'safety.move.label': 'Identificador do paciente para o qual passar esta consulta',
  'safety.move.title': 'Passar a consulta para outro paciente',
  'safety.move.toExisting': {
    none: 'Passar a consulta de {date} de {from} para {to} ({name}, nenhuma consulta)? Ela deixará de estar no registro de {from}.',
    one: 'Passar a consulta de {date} de {from} para {to} ({name}, {count} consulta)? Ela deixará de estar no registro de {from}.',
    other:
      'Passar a consulta de {date} de {from} para {to} ({name}, {count} consultas)? Ela deixará de estar no registro de {from}.',
  },
  'safety.move.toNew':
    'O paciente {to} não existe. Criar o paciente {to} e passar para ele a consulta de {date} de {from}? Ela deixará de estar no registro de {from}.',
  'safety.move.confirm': 'Passar para {to}',
  'safety.move.same': 'A consulta já é de {patient}.',
  'safety.move.stale': 'A consulta foi modificada em outra janela: abra sua versão mais recente e passe-a depois.',
  'safety.move.done': 'Consulta de {date} passada de {from} para {to}.',
  'safety.identifier.locked':
    'Esta consulta pertence a este paciente. Para mudá-lo, use “Passar para outro paciente…”.',
} as const satisfies Record<keyof typeof RECORD_SAFETY_EN, Message>
