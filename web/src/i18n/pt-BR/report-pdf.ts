/**
 * The PDF report and the patient summary made in the browser (report-pdf.ts) in
 * Brazilian Portuguese. The `satisfies` clause makes a missing key a compile error.
 */
import type { REPORT_PDF_EN } from '../report-pdf.js'
import type { Message } from '../types.js'

export const REPORT_PDF_PT = {
  'toolbar.savePdf': 'Salvar PDF',
  'toolbar.savePdf.title': 'Salvar o relatório como arquivo PDF (criado neste dispositivo; nada é enviado)',
  'pdf.page': 'Página {page} de {pages}',
  'pdf.column.metric': 'Medida',
  'pdf.saved': 'Relatório salvo como {name}.',
  'pdf.failed': 'Não foi possível criar o PDF ({reason}). Nada foi salvo; “Imprimir relatório” continua funcionando.',
  'pdf.unexpected': 'algo falhou neste navegador',
  'pdf.photoFailed': 'não foi possível desenhar a foto da vista {view}',
  'pdf.notLoaded': 'não foi possível carregar a parte do aplicativo que cria os PDF; o serviço continua acessível?',
  'toolbar.saveSummaryPdf': 'Resumo para o paciente (PDF)',
  'toolbar.saveSummaryPdf.title':
    'Salvar um resumo para o paciente em PDF: palavras simples, as fotos, as mudanças e suas notas (criado neste dispositivo)',
  'pdf.clinician': 'Profissional: {name}',
  'pdf.notes': 'Notas e interpretação do profissional',
  'pdf.notes.continued': '{heading} (continuação)',
  'pdf.evidence.source': 'MDC95 publicado ({cite}): {source}',
  'summary.title': 'Sua avaliação postural',
  'summary.intro':
    'O que foi medido nas suas fotos, em palavras simples: uma frase por medida, com seus números ao lado. “Sua direita” e “sua esquerda” são os seus próprios lados, não os da foto. Seu profissional vai explicar o que isso significa para você.',
  'summary.changes': 'Mudanças desde a consulta comparada',
  'summary.changes.count': {
    none: 'Nenhuma medida mudou mais que o erro de medida.',
    one: '{count} medida mudou mais que o erro de medida.',
    other: '{count} medidas mudaram mais que o erro de medida.',
  },
  'summary.changes.evidence':
    'Uma mudança é real quando é maior do que a mesma medida pode variar ao ser tomada de novo; cada achado acima diz se a sua mudança é real.',
  'summary.judged.clinic': 'As mudanças foram comparadas com o quanto variam as medições repetidas desta clínica.',
  'summary.judged.published':
    'As mudanças foram comparadas com o quanto variam as medições repetidas em um estudo publicado.',
  'summary.judged.placement':
    'As mudanças foram comparadas apenas com o erro de colocar os marcadores; não inclui como a postura varia de um dia para outro, então ainda pode ser uma variação normal.',
  'settings.report.title': 'Relatórios',
  'settings.report.clinic': 'Nome da clínica',
  'settings.report.clinician': 'Profissional',
  'settings.report.logo': 'Logotipo (PNG ou JPEG, até {kb} KB)',
  'settings.report.logo.remove': 'Remover o logotipo',
  'settings.report.save': 'Salvar as configurações dos relatórios',
  'settings.report.saved': 'Configurações dos relatórios salvas neste navegador.',
  'settings.report.help':
    'São impressos no topo de cada relatório e resumo para o paciente; ficam guardados neste navegador com o registro de pacientes.',
  'settings.report.tooLong': 'O campo “{field}” deve ser uma única linha de no máximo {max} caracteres.',
  'settings.report.logoNotImage': '{name} não é uma imagem PNG ou JPEG; escolha o logotipo em um arquivo PNG ou JPEG.',
} as const satisfies Record<keyof typeof REPORT_PDF_EN, Message>
