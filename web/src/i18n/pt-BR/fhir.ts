/**
 * The HL7 FHIR export's display texts (fhir.ts) in Brazilian Portuguese. The
 * `satisfies` clause makes a missing key a compile error.
 */
import type { FHIR_EN } from '../fhir.js'

export const FHIR_PT = {
  'fhir.method.protocol':
    'Fotogrametria: marcadores anatômicos colocados sobre uma fotografia tirada segundo o protocolo fotográfico do posture-metrics; métricas calculadas a partir dos marcadores.',
  'fhir.method.markers': 'Marcadores: {list}.',
  'fhir.method.hand': { one: '{count} colocado à mão', other: '{count} colocados à mão' },
  'fhir.method.suggestedConfirmed': {
    one: '{count} sugerido pelo modelo de pose e confirmado pelo profissional',
    other: '{count} sugeridos pelo modelo de pose e confirmados pelo profissional',
  },
  'fhir.method.suggestedUnconfirmed': {
    one: '{count} sugerido pelo modelo de pose e não confirmado',
    other: '{count} sugeridos pelo modelo de pose e não confirmados',
  },
  'fhir.method.unknown': {
    one: '{count} de origem não registrada (salvo antes de o aplicativo registrá-la)',
    other: '{count} de origem não registrada (salvos antes de o aplicativo registrá-la)',
  },
  'fhir.method.side': 'Lado voltado para a câmera: {side}.',
  'fhir.method.poplitealEstimated':
    'Pontos poplíteos estimados: os ângulos perna/retropé são medidos em relação à vertical.',
  'fhir.device.type': 'Software de avaliação postural (fotogrametria)',
  'fhir.device.appVersion': 'aplicativo posture-metrics',
  'fhir.device.poseVersion': 'modelo de pose que sugere marcadores',
  'fhir.photo.type': 'Fotografia postural',
  'fhir.photo.description': 'Fotografia postural, vista {view}',
  'fhir.bodyHeight': 'Estatura',
  'fhir.bodyHeight.note':
    'Estatura digitada pelo profissional para dar escala à fotografia (do vértex da cabeça ao chão).',
  'fhir.note.uncertainty':
    'Cada valor traz sua incerteza padrão (incerteza ISO 21090, distribuição normal) devida a um erro de marcação dos pontos de {sd} px por coordenada. Não inclui a repetibilidade da postura entre sessões.',
  'fhir.note.provisional':
    'Provisório: {metrics} usam marcadores sugeridos pelo modelo de pose que o profissional não confirmou ({markers}).',
  'fhir.observation.text': 'Avaliação postural, fotografia na vista {view}',
  'fhir.report.type': 'Relatório de avaliação postural',
  'fhir.report.description': 'Relatório de postura, {date}',
  'fhir.report.description.undated': 'Relatório de postura',
  'fhir.error.noPatient':
    'A consulta não tem identificador do paciente: digite o identificador do paciente (ou abra o paciente no registro) antes de exportar para FHIR.',
  'fhir.error.undated':
    'A consulta iniciada em {started} não tem data: abra-a, coloque a data e exporte de novo (o prontuário arquiva cada observação pela data).',
  'fhir.error.noValues':
    'Ainda não há nada medido: coloque os marcadores e defina a escala de pelo menos uma vista antes de exportar para FHIR.',
  'fhir.error.noSystem':
    'O identificador do paciente não tem sistema, então um servidor FHIR não consegue saber de quem ele é: defina o sistema de identificadores de pacientes da clínica (uma URI, p. ex. a do seu prontuário) nas configurações FHIR da janela Enviar para um servidor FHIR e envie de novo.',
} as const satisfies Record<keyof typeof FHIR_EN, string | { one: string; other: string }>
