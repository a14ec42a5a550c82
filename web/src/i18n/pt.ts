/**
 * The Brazilian Portuguese message catalogue (pt-BR): the same keys as en.ts (the type
 * makes a missing key a compile error). Anatomical and measure names follow SAPO's
 * protocol (Software para Avaliação Postural) where it has one; docs/glossary-pt-BR.md
 * lists every term with its source. Marker labels and hints and metric names and
 * meanings are in pt-BR/terms.ts, keyed by marker and metric.
 */
import type { MessageKey } from './en.js'
import { ADMIN_PT } from './pt-BR/admin.js'
import { CAPTURE_PT } from './pt-BR/capture.js'
import { CLINICAL_PT } from './pt-BR/clinical.js'
import { FHIR_PT } from './pt-BR/fhir.js'
import { FHIR_APP_PT } from './pt-BR/fhir-app.js'
import { FILES_PT } from './pt-BR/files.js'
import { NOTES_PT } from './pt-BR/notes.js'
import { OFFLINE_PT } from './pt-BR/offline.js'
import { RECORD_PT } from './pt-BR/record.js'
import { RECORD_SAFETY_PT } from './pt-BR/record-safety.js'
import { REPEATABILITY_PT } from './pt-BR/repeatability.js'
import { REPORT_PDF_PT } from './pt-BR/report-pdf.js'
import { SUMMARY_PT } from './pt-BR/summary.js'
import { SYNC_PT } from './pt-BR/sync.js'
import type { Message } from './types.js'

export const pt = {
  ...CLINICAL_PT,
  ...REPEATABILITY_PT,
  ...CAPTURE_PT,
  ...RECORD_PT,
  ...RECORD_SAFETY_PT,
  ...SYNC_PT,
  ...FHIR_APP_PT,
  ...FILES_PT,
  ...FHIR_PT,
  ...REPORT_PDF_PT,
  ...NOTES_PT,
  ...OFFLINE_PT,
  ...SUMMARY_PT,
  ...ADMIN_PT,

  'side.short.right': 'direito',
  'side.short.left': 'esquerdo',
  // Documento e barra superior
  'app.title': 'Marcação postural',
  'app.description': 'Marque pontos anatômicos sobre uma foto postural e obtenha as medidas posturais.',
  'app.brand': 'Marcação\u00a0postural',
  'views.label': 'Vista da foto',
  'toolbar.label': 'Arquivo',
  'toolbar.openPhoto': 'Abrir foto',
  'toolbar.openPhoto.title': 'Abrir uma foto (O)',
  'toolbar.saveAssessment': 'Salvar avaliação',
  'toolbar.saveAssessment.title': 'Salvar a avaliação em um arquivo JSON (Ctrl+S)',
  'toolbar.loadAssessment': 'Carregar avaliação',
  'toolbar.loadAssessment.title': 'Carregar um arquivo de avaliação (JSON)',
  'toolbar.exportCsv': 'Exportar CSV',
  'toolbar.exportCsv.title':
    "Os resultados em um arquivo CSV que abre bem em uma planilha em português (';' entre campos, vírgula decimal)",
  'toolbar.exportCsvData': 'CSV de dados',
  'toolbar.exportCsvData.title':
    "Os resultados como dados para programas: ',' entre campos, ponto decimal, todos os algarismos",
  'toolbar.printReport': 'Imprimir relatório',
  'toolbar.more': 'Mais',
  'toolbar.more.title': 'Mais ações: arquivos, exportar, relatório, idioma',
  'toolbar.help.label': 'Ajuda e atalhos de teclado',
  'toolbar.help.title': 'Ajuda e atalhos de teclado (?)',

  // Vistas
  'view.anterior.title': 'Anterior',
  'view.anterior.pose': 'vista de frente: o sujeito olha para a câmera',
  'view.posterior.title': 'Posterior',
  'view.posterior.pose': 'vista de costas: o sujeito fica de costas para a câmera',
  'view.lateral.title': 'Lateral',
  'view.lateral.pose': 'vista de perfil',
  'side.right': 'Lado direito voltado para a câmera (o sujeito olha para a direita da imagem)',
  'side.left': 'Lado esquerdo voltado para a câmera (o sujeito olha para a esquerda da imagem)',

  // Área da foto
  'stage.label': 'Foto',
  'stage.roleDescription': 'área de marcação da foto',
  'stage.ariaLabel':
    'Foto. Clique para colocar o marcador atual; arraste um marcador para movê-lo; as setas o deslocam; Enter o coloca no centro.',
  'dropzone.title': 'Comece com uma foto do sujeito',
  'dropzone.open': 'Abrir foto\u2026',
  'dropzone.drop': 'ou arraste aqui uma foto (ou um arquivo de avaliação salvo).',
  'dropzone.privacy': 'A foto não sai deste navegador: ao serviço são enviadas apenas as coordenadas dos marcadores.',
  'zoom.label': 'Zoom',
  'zoom.out': 'Afastar',
  'zoom.out.title': 'Afastar (\u2212)',
  'zoom.in': 'Aproximar',
  'zoom.in.title': 'Aproximar (+)',
  'zoom.fit': 'Ajustar',
  'zoom.fit.title': 'Ajustar a foto (0)',
  'zoom.actual': '1:1',
  'zoom.actual.title': 'Um pixel da foto por pixel da tela (1)',
  'zoom.level': '{percent}\u00a0%',
  'stage.outsidePhoto': 'Esse clique fica fora da foto.',

  // Painel lateral
  'panel.label': 'Calibração e marcadores',
  'options.title': 'Opções',
  'options.estimatePopliteal': 'Estimar os pontos poplíteos',
  'options.estimatePopliteal.help':
    'Se estiver ativada, os marcadores da prega do joelho não são necessários: o eixo de cada perna é tomado como a vertical que passa pelo marcador do tendão de Aquiles.',
  'options.side': 'Lado voltado para a câmera',
  'calibration.title': 'Calibração',
  'calibration.lateralNote':
    'Opcional aqui: os ângulos laterais não usam fc nem a linha de referência; apenas a distância do ápice lombar os usa.',
  'calibration.knownDistance': 'Distância conhecida',
  'calibration.knownDistance.placeholder': 'p. ex. 10',
  'calibration.fc': 'fc',
  'calibration.unit.cm': 'cm',
  'calibration.unit.cmPerPx': 'cm/px',
  'calibration.help.fromScale': 'fc = {cm} cm / {px} px = {fc} cm por pixel.',
  'calibration.help.typeDistance': 'Os pontos de escala estão a {px} px: digite a distância entre eles.',
  'calibration.help.samePlace':
    'Os dois pontos de escala estão no mesmo lugar: coloque-os nas duas extremidades da distância conhecida.',
  'calibration.help.typedFc': 'fc digitado diretamente (sem pontos de escala).',
  'calibration.help.start':
    'Coloque os dois pontos de escala e digite a distância entre eles; ou digite fc (cm por pixel) se o conhecer.',
  'calibration.invalidDistance': 'A distância conhecida deve ser um número de centímetros maior que 0.',
  'calibration.invalidFc': 'fc deve ser um número de centímetros por pixel maior que 0.',
  'number.implausible.knownDistance.below':
    'Uma distância conhecida de {value} cm é menor que {min} cm, mais curta que o erro ao colocar seus dois pontos. Usar {value} cm mesmo assim?',
  'number.implausible.knownDistance.above':
    'Uma distância conhecida de {value} cm é maior que {max} cm, mais que a estatura de uma pessoa. A vírgula decimal se perdeu (160,5 digitado como 1605)? Usar {value} cm mesmo assim?',
  'number.implausible.fc.below':
    'fc = {value} cm por pixel é menor que {min}: um pixel mediria menos de 0,05 mm, mais fino que qualquer foto postural. Usá-lo mesmo assim?',
  'number.implausible.fc.above':
    'fc = {value} cm por pixel é maior que {max}: um pixel mediria mais de 5 cm e a pessoa inteira menos de 40 pixels. A vírgula decimal se perdeu (0,27 digitado como 27)? Usá-lo mesmo assim?',
  'markers.title': 'Marcadores',
  'markers.note': 'Clique em um marcador para selecioná-lo e depois na foto para recolocá-lo.',
  'markers.clear': 'Apagar todos os marcadores',
  'markers.clear.title': 'Remover todos os marcadores desta vista (desfazer os recupera)',
  'markers.cleared': 'Todos os marcadores desta vista foram removidos (Ctrl+Z os recupera).',
  'markers.count': '{placed} / {required}',

  // Pontos a colocar e suas linhas
  'target.scaleA.label': 'Escala: primeiro ponto',
  'target.scaleA.hint':
    'Clique em uma extremidade de uma distância conhecida da foto (um quadrado do simetrógrafo, uma régua, marcas do fio de prumo).',
  'target.scaleB.label': 'Escala: segundo ponto',
  'target.scaleB.hint': 'Clique na outra extremidade da distância conhecida e digite essa distância em cm.',
  'target.lrv.label': 'Linha de referência',
  'target.lrv.hint':
    'Clique sobre a linha vertical de referência (fio de prumo); as distâncias horizontais são medidas a partir dela. Arraste-a para ajustá-la.',
  'target.note.lateralCalibration':
    'Opcional: os ângulos laterais não usam a calibração; apenas a distância do ápice lombar a usa.',
  'target.note.fcTyped': 'Não é necessário: fc foi digitado diretamente.',
  'target.note.poplitealEstimated':
    'Não é necessário: a estimativa dos pontos poplíteos está ativada (o eixo de cada perna é a vertical que passa pelo marcador do tendão de Aquiles).',
  'target.missing.knownDistance': 'Distância conhecida (cm)',
  'target.missing.scaleApart': 'Pontos de escala em dois lugares diferentes',
  'target.status.notPlaced': 'não colocado',
  'target.status.optional': 'opcional',
  'target.status.lineAt': 'x {x}',
  'target.status.pointAt': '{x}; {y}',
  'target.remove.label': 'Remover {label}',
  'target.remove.title': 'Remover (Delete)',
  'target.coord.label': '{label}: {axis} em pixels',
  'target.coord.unit': 'px',

  // Indicação sobre a foto
  'prompt.openPhoto': 'Vista {view}: abra uma foto ({pose}).',
  'prompt.openPhoto.hint':
    'Use “Abrir foto” ou arraste um arquivo para a área abaixo. Você também pode carregar um arquivo de avaliação salvo.',
  'prompt.step': 'Passo {index} de {count}',
  'prompt.previous.title': 'Anterior (P)',
  'prompt.previous.label': 'Marcador anterior',
  'prompt.next.title': 'Seguinte (N)',
  'prompt.next.label': 'Marcador seguinte',
  'prompt.undo': 'Desfazer',
  'prompt.undo.title': 'Desfazer (Ctrl+Z)',
  'prompt.placedLine': 'Colocada em x = {x}. Clique em outro ponto da foto para movê-la, ou arraste a linha.',
  'prompt.placedPoint':
    'Colocado em ({x}; {y}). Clique na foto para recolocá-lo, arraste-o ou desloque-o com as setas.',
  'prompt.placeLine': 'Clique sobre a linha de referência da foto.',
  'prompt.placePoint': 'Clique neste ponto da foto.',
  'prompt.suggested':
    'Sugerido pelo modelo de pose, não confirmado: verifique-o e confirme-o aqui (ou pressione Enter), arraste-o ou clique na foto para colocá-lo você mesmo.',
  'prompt.confirm': 'Confirmar {label} aqui',
  'prompt.confirm.title': 'Aceitar a posição sugerida como está (Enter)',
  'prompt.allPlaced': 'Todos os pontos estão colocados.',
  'prompt.stillNeeded': 'Falta: {list}.',
  'prompt.adjust': 'Arraste um marcador para ajustá-lo, ou escolha um da lista (ou pressione N / P) para recolocá-lo.',
  'prompt.distance.label': 'Distância entre os pontos de escala A e B',
  'prompt.distance.apart': ' (a {px} px)',
  'prompt.distance.placeholder': 'cm',
  'prompt.distance.unit': ' cm',

  // Resultados
  'results.title': 'Resultados',
  'results.stillToPlace': {
    one: 'Falta {count} item para colocar ou digitar: {list}.',
    other: 'Faltam {count} itens para colocar ou digitar: {list}.',
  },
  'results.partial': {
    one: 'Resultados parciais: é mostrada {count} medida cujos marcadores estão todos colocados; as demais dizem o que lhes falta.',
    other:
      'Resultados parciais: são mostradas {count} medidas cujos marcadores estão todos colocados; as demais dizem o que lhes falta.',
  },
  'results.waiting': 'Falta: {list}.',
  'results.stillToPlace.more': '{list}...',
  'results.openPhoto': 'Abra uma foto e coloque os {count} marcadores para ver as medidas.',
  'results.analysing': 'Analisando...',
  'results.serviceProblems': {
    one: 'O serviço não conseguiu calcular as medidas ({count} problema): veja as mensagens junto aos marcadores afetados.',
    other:
      'O serviço não conseguiu calcular as medidas ({count} problemas): veja as mensagens junto aos marcadores afetados.',
  },
  'results.fromFile': 'Resultados do arquivo de avaliação.',
  'results.computed': 'Calculado pelo serviço.',
  'results.placeholders':
    ' (Foram enviados valores provisórios de calibração: os ângulos laterais não os usam; a distância do ápice lombar espera a linha de referência e a escala.)',
  'results.column.metric': 'Medida e significado do seu sinal',
  'results.column.value': 'Valor',
  'results.column.u': '± u',
  'results.caption': 'Medidas da vista {view}',
  'results.noValue': '\u2014',
  'precision.warning': {
    one: 'Com esta foto ({width}\u00d7{height} px), {count} valor é menos preciso que a medição postural por fotos (u maior que {degrees} em ângulos e {cm} em distâncias): {list}. É preciso uma foto de cerca de {neededWidth}\u00d7{neededHeight} px com o mesmo enquadramento, ou colocar os marcadores com mais precisão.',
    other:
      'Com esta foto ({width}\u00d7{height} px), {count} valores são menos precisos que a medição postural por fotos (u maior que {degrees} em ângulos e {cm} em distâncias): {list}. É preciso uma foto de cerca de {neededWidth}\u00d7{neededHeight} px com o mesmo enquadramento, ou colocar os marcadores com mais precisão.',
  },
  'precision.row.title': 'u maior que {limit}: a foto é pequena demais para este valor',

  // Rodapé, serviço, avisos
  'footer.coordinates':
    'As coordenadas são pixels da foto (x para a direita, y para baixo). Os sinais seguem o corpo do sujeito, não a foto.',
  'footer.apiDocs': 'Documentação da API',
  'service.up': 'Serviço {version}: em funcionamento',
  'service.unreachable': 'Serviço indisponível: as métricas são calculadas neste dispositivo',
  'history.nothingToUndo': 'Não há nada para desfazer.',
  'history.nothingToRedo': 'Não há nada para refazer.',

  // Foto, arquivo de avaliação, CSV
  'photo.cannotDisplay': 'Este navegador não consegue mostrar {name}. Tente com um JPEG ou um PNG.',
  'photo.attached': 'Foto associada aos marcadores carregados da vista {view}.',
  'photo.sizeMismatch':
    'Atenção: esta foto mede {width}\u00d7{height} px, mas a avaliação foi marcada sobre uma foto de {savedWidth}\u00d7{savedHeight} px.',
  'photo.replaced': 'Foto nova: os marcadores e os pontos de calibração foram apagados (Ctrl+Z os recupera).',
  'assessment.nothingToSave': 'Ainda não há nada para salvar: abra uma foto e coloque alguns marcadores.',
  'assessment.saved': 'Avaliação salva (sem as fotos).',
  'assessment.loaded': 'Arquivo de avaliação carregado.',
  'assessment.loadedWithNotes': 'Arquivo de avaliação carregado; {notes}.',
  'assessment.cannotLoad': 'Não é possível carregar {name}: {reason}',
  'assessment.cannotLoadUnknown': 'Não é possível carregar {name}.',
  'assessment.ignoredMarkers': 'marcadores desconhecidos da vista {view} foram ignorados: {list}',
  'assessment.openPhoto': 'abra {name} para vê-la sob os marcadores da vista {view}',
  'assessment.thePhoto': 'a foto',
  'csv.nothing': 'Ainda não há resultados para exportar: coloque antes todos os marcadores.',
  'csv.exported': 'Resultados exportados em CSV.',

  // Erros do arquivo de avaliação
  'file.notJson':
    'Este arquivo não é um JSON legível: pode estar cortado, danificado ou ser de outro tipo. Escolha o arquivo .json que o aplicativo salvou.',
  'file.notAssessment': 'Este não é um arquivo de avaliação deste aplicativo (era esperado "format": "{format}").',
  'file.version': 'Versão de arquivo de avaliação não suportada: {version}; este aplicativo lê a versão {expected}.',
  'file.noViews': 'O arquivo de avaliação não tem o objeto "views".',
  'file.unknownView': 'Vista desconhecida "{name}"; era esperada uma destas: {expected}.',
  'file.viewNotObject': '{where} deve ser um objeto.',
  'file.imageSize': '{where} deve ter largura e altura positivas.',
  'file.markersNotObject': '{where} deve ser um objeto.',
  'file.point': '{where} deve ser um par de números [x, y]; foi encontrado {got}.',
  'file.number': '{where} deve ser um número; foi encontrado {got}.',
  'file.positiveNumber': '{where} deve ser um número > 0; foi encontrado {got}.',
  'file.side': '{where} deve ser {expected}.',
  'file.boolean': '{where} deve ser true ou false.',

  // Cabeçalhos do CSV e nomes dos arquivos
  'csv.column.view': 'vista',
  'csv.column.side': 'lado',
  'file.prefix': 'postura',
  'file.kind.assessment': 'avaliacao',
  'file.kind.metrics': 'medidas',
  'file.kind.metrics-data': 'medidas-dados',
  'file.kind.report': 'relatorio',
  'file.kind.summary': 'resumo',
  'file.kind.comparison': 'comparacao',
  'file.kind.repeatability': 'repetibilidade',
  'file.kind.record': 'registro',
  'file.kind.patient': 'paciente',
  'file.kind.visit': 'consulta',
  'file.kind.trend': 'tendencia',
  'file.kind.fhir': 'fhir',
  'csv.column.code': 'codigo',
  'csv.column.metric': 'medida',
  'csv.column.value': 'valor',
  'csv.column.unit': 'unidade',
  'csv.column.meaning': 'significado',
  'csv.column.photo': 'foto',
  'csv.column.fc': 'fc_cm_por_px',
  'csv.column.lrv': 'lrv_x_px',

  // Desenho sobre a foto
  'overlay.photoMissing': 'Foto não carregada: abra {name} para vê-la sob os marcadores',
  'overlay.photoMissing.it': 'a foto',
  'overlay.lrv': 'Linha de referência',
  'overlay.lrv.title': 'Linha de referência, x = {x} px. Arraste-a para movê-la.',
  'overlay.scale.known': '{cm} cm = {px} px',
  'overlay.scale.unknown': '{px} px = ? cm',
  'overlay.marker.title': '{label} ({x}; {y})',

  // Relatório impresso
  'report.title': 'Análise postural',
  'report.intro': 'Relatório de {date}. Ângulos em graus, distâncias em cm; os sinais seguem o corpo do sujeito.',
  'report.empty': 'Ainda não há nada marcado.',
  'report.photo': 'Foto: {name} ({width}\u00d7{height} px)',
  'report.side': 'Lado voltado para a câmera: {side}',
  'report.popliteal.estimated': 'Pontos poplíteos: estimados',
  'report.popliteal.marked': 'Pontos poplíteos: marcados',
  'report.fc': 'fc = {fc} cm/px',
  'report.fcReference': 'fc = {fc} cm/px (referência de {cm} cm)',
  'report.lrv': 'Linha de referência x = {x} px',
  'report.viewTitle': 'Vista {view}',
  'report.photoLabel': 'Foto da vista {view} com marcadores e medidas',
  'report.noResults': 'Sem resultados: a marcação desta vista não está completa.',

  // Ajuda
  'help.title': 'Como marcar uma foto',
  'help.step.view':
    'Escolha a vista (anterior: o sujeito olha para a câmera; posterior: de costas para a câmera; lateral: de perfil, escolha qual lado).',
  'help.step.photo': 'Abra a foto (botão ou arrastar e soltar). Ela nunca é enviada a lugar nenhum.',
  'help.step.calibrate':
    'Calibre: clique nas duas extremidades de uma distância conhecida e digite-a em cm (assim se obtém fc, cm por pixel); clique na linha vertical de referência (fio de prumo).',
  'help.step.markers':
    'Coloque os marcadores na ordem pedida, sobre a foto. Arraste um marcador para ajustá-lo; selecione-o na lista para recolocá-lo.',
  'help.step.results':
    'Quando todos os marcadores estiverem colocados, aparecem as medidas com seu significado, desenhadas sobre a foto. Salve a avaliação, exporte o CSV ou imprima um relatório.',
  'help.keyboard': 'Teclado',
  'key.enter': 'Enter',
  'key.delete': 'Delete',
  'key.space': 'Espaço',
  'key.shift': 'Shift',
  'help.key.or': 'ou',
  'help.key.arrows': 'Setas',
  'help.key.drag': 'Arrastar a foto (ou',
  'help.key.dragAfter': '+ arrastar), roda do mouse ou pinça',
  'help.action.next': 'Marcador seguinte',
  'help.action.previous': 'Marcador anterior',
  'help.action.undo': 'Desfazer',
  'help.action.redo': 'Refazer',
  'help.action.placeAtCentre':
    'Colocar o marcador atual no centro da vista (a cruz) e passar ao seguinte; em um já colocado, passar sem movê-lo',
  'help.action.nudge': 'Deslocar o marcador atual 1 px (ou mover a vista se não estiver colocado)',
  'help.action.remove': 'Remover o marcador atual',
  'help.action.zoom': 'Aproximar, afastar, ajustar, 1:1',
  'help.action.pan': 'Mover a vista, zoom',
  'help.action.files': 'Abrir foto, salvar avaliação',
  'help.close': 'Fechar',

  // Sugestões de marcadores (modelo de pose)
  'suggest.button': 'Sugerir marcadores',
  'suggest.button.title':
    'Propõe todos os marcadores desta vista com um modelo de pose que roda neste navegador; a foto não é enviada',
  'suggest.confirmAll': { one: 'Confirmar {count} sugestão segura', other: 'Confirmar {count} sugestões seguras' },
  'suggest.confirmAll.title':
    'Aceita como estão as sugestões das quais o modelo tem certeza (visibilidade 0,9 ou mais) e que passaram nas verificações de plausibilidade; as demais ficam para revisar e confirmar uma a uma',
  'suggest.confirmAll.remaining': { one: '{count} para revisar', other: '{count} para revisar uma a uma' },
  'suggest.confirmedAll.remaining': {
    one: 'Resta {count} sugestão da qual o modelo não tinha certeza: revise-a e confirme-a à mão.',
    other: 'Restam {count} sugestões das quais o modelo não tinha certeza: revise-as e confirme-as uma a uma.',
  },
  'suggest.nothingSure': {
    one: 'O modelo não tinha certeza da {count} sugestão que resta: revise-a na foto e confirme-a você mesmo.',
    other:
      'O modelo não tinha certeza de nenhuma das {count} sugestões que restam: revise cada uma na foto e confirme-a você mesmo.',
  },
  'suggest.reason.unsure':
    'Sugerido, mas o modelo não tem certeza deste ponto: revise-o na foto e depois confirme-o ou mova-o.',
  'target.status.suggestedToCheck': 'sugerido em ({x}; {y}), não confirmado: revise-o',
  'suggest.onLoad': 'Sugerir ao abrir a foto',
  'suggest.onLoad.title': 'Roda o modelo de pose e sugere os marcadores assim que uma foto é aberta',
  'suggest.noPhoto': 'Abra primeiro uma foto: as sugestões são feitas a partir da foto.',
  'suggest.busy': 'Já estão sendo calculadas sugestões para esta foto.',
  'suggest.progress.loading': 'Carregando o modelo de pose (apenas na primeira vez)...',
  'suggest.progress.running': 'Procurando os marcadores na foto...',
  'suggest.done': {
    one: '{count} marcador sugerido (tracejado): revise-o, arraste-o para corrigi-lo ou clique para confirmá-lo.',
    other: '{count} marcadores sugeridos (tracejados): revise cada um, arraste para corrigir ou clique para confirmar.',
  },
  'suggest.done.left': {
    none: 'Não resta nenhum para você colocar.',
    one: 'Resta {count} para você colocar.',
    other: 'Restam {count} para você colocar.',
  },
  'suggest.none': 'O modelo não conseguiu colocar com confiabilidade nenhum marcador desta vista; coloque-os à mão.',
  'suggest.noPerson': 'Nenhuma pessoa foi encontrada na foto; coloque os marcadores à mão.',
  'suggest.nothingToConfirm': 'Não há marcadores sugeridos para confirmar nesta vista.',
  'suggest.confirmedAll': {
    one: '{count} marcador sugerido da vista {view} confirmado.',
    other: '{count} marcadores sugeridos da vista {view} confirmados.',
  },
  'suggest.failed':
    'As sugestões de marcadores não estão disponíveis: {reason} A marcação manual funciona como sempre.',
  'suggest.failed.noWasm': 'este navegador não permite WebAssembly, de que o modelo de pose precisa.',
  'suggest.failed.noWebgl': 'este navegador não tem WebGL, de que o modelo de pose precisa para ler a foto.',
  'suggest.failed.outOfMemory':
    'o navegador ficou sem memória para o modelo de pose (feche outras abas ou use uma foto menor).',
  'suggest.failed.loadError':
    'não foi possível carregar o modelo de pose do serviço ({file}); verifique se o serviço está atualizado e acessível.',
  'suggest.failed.timeout': 'o modelo de pose demorou demais; tente de novo.',
  'suggest.reason.lowVisibility': 'Não sugerido: o modelo mal enxerga este ponto ({landmarks}). Coloque-o você mesmo.',
  'suggest.reason.inputsNotVisible':
    'Não sugerido: deriva de pontos que o modelo mal enxerga ({landmarks}). Coloque-o você mesmo.',
  'suggest.reason.outOfFrame':
    'Não sugerido: para o modelo, fica fora da foto. Coloque-o você mesmo se estiver visível.',
  'suggest.reason.noPose': 'Não sugerido: o modelo não encontrou nenhuma pessoa na foto.',
  'suggest.reason.atEdge':
    'Não sugerido: o modelo situa este ponto, ou um do qual ele é calculado, na borda da foto, onde o corpo pode ficar cortado. Coloque-o você mesmo se estiver visível.',
  'suggest.reason.check.thighLength':
    'Não sugerido: o modelo dá à coxa deste lado um comprimento muito diferente do que o tronco permite (ou situa o joelho acima do quadril): a foto pode cortar a perna. Coloque-o você mesmo se estiver visível.',
  'suggest.reason.check.shankLength':
    'Não sugerido: o modelo dá à perna deste lado, do joelho ao tornozelo, um comprimento muito diferente do que o tronco permite: a foto pode cortar a perna. Coloque-o você mesmo se estiver visível.',
  'suggest.reason.check.thighsUnequal':
    'Não sugerido: o modelo faz esta coxa muito mais curta que a outra, algo que uma pessoa em pé não apresenta. Coloque-o você mesmo.',
  'suggest.reason.check.shanksUnequal':
    'Não sugerido: o modelo faz esta perna, do joelho ao tornozelo, muito mais curta que a outra, algo que uma pessoa em pé não apresenta. Coloque-o você mesmo.',
  'suggest.reason.check.earInsideEyes':
    'Não sugerido: o modelo situa esta orelha entre os cantos externos dos olhos, onde não há orelha (coberta pelo cabelo, ou a cabeça virada). Coloque-o você mesmo se estiver visível.',
  'suggest.reason.check.earLineTilted':
    'Não sugerido: a linha entre as duas orelhas que o modelo encontrou não é paralela à linha dos olhos, então uma delas está mal situada. Coloque-os você mesmo.',
  'suggest.reason.check.earNotBehindEyes':
    'Não sugerido: visto de lado, o modelo situa a orelha sobre os olhos ou à frente deles, onde não há orelha. Coloque-o você mesmo se estiver visível.',
  'suggest.reason.check.chinNotBelowMouth':
    'Não sugerido: os pontos do rosto que o modelo encontrou se contradizem (a boca não fica abaixo dos olhos), então este ponto cairia fora do rosto. Coloque-o você mesmo.',
  'suggest.reason.check.chinDistance':
    'Não sugerido: o mento ficaria perto ou longe demais do nariz para o tamanho deste corpo, então os pontos do rosto estão mal situados. Coloque-o você mesmo.',
  'suggest.facing.mismatch':
    'A foto parece {seen}, mas a vista escolhida espera {expected}. Verifique a vista (e o lado) antes de confiar nos marcadores.',
  'suggest.facing.ask.front': 'É uma vista anterior?',
  'suggest.facing.ask.back': 'É uma vista posterior?',
  'suggest.facing.ask.left': 'É uma vista lateral, com o lado esquerdo voltado para a câmera?',
  'suggest.facing.ask.right': 'É uma vista lateral, com o lado direito voltado para a câmera?',
  'suggest.facing.dismiss': 'A vista está correta',
  'suggest.facing.dismiss.title': 'A foto é a vista escolhida: não perguntar de novo nesta vista desta consulta',
  'suggest.facing.front': 'uma vista anterior (sujeito de frente para a câmera)',
  'suggest.facing.back': 'uma vista posterior (sujeito de costas para a câmera)',
  'suggest.facing.left': 'uma vista lateral com o lado esquerdo voltado para a câmera',
  'suggest.facing.right': 'uma vista lateral com o lado direito voltado para a câmera',
  'target.status.suggested': 'sugerido em ({x}; {y}), não confirmado',
  'target.confirm.label': 'Confirmar {label} sugerido',
  'target.confirm.title': 'Aceitar esta posição sugerida',
  'results.provisional': {
    one: ' {count} valor usa marcadores sugeridos ainda não confirmados: provisório.',
    other: ' {count} valores usam marcadores sugeridos ainda não confirmados: provisórios.',
  },
  'results.provisional.badge': 'provisório',
  'results.provisional.title': 'Calculado com marcadores sugeridos que o profissional ainda não confirmou',
  'csv.column.status': 'estado',
  'csv.status.confirmed': 'confirmado',
  'csv.status.provisional': 'provisório',
  'report.provisional': 'Provisório: {list} usam marcadores sugeridos que não foram confirmados.',
  'file.markerStatus': '{where} deve ser "suggested" ou "confirmed"; foi recebido {got}.',
  'file.markerOrigin':
    '{where} deve ser "hand" (colocado pelo profissional) ou "suggestion" (sugerido pelo modelo de pose); foi recebido {got}.',
  'file.markerOriginSuggested':
    '{where} é "hand", mas marker_status diz que o marcador é uma sugestão ainda não confirmada; sua origem só pode ser "suggestion".',

  // Os pontos do modelo de pose, nomeados nas notas das sugestões (esquerda e direita do sujeito)
  'landmark.NOSE': 'nariz',
  'landmark.LEFT_EYE_INNER': 'canto interno do olho esquerdo',
  'landmark.LEFT_EYE': 'olho esquerdo',
  'landmark.LEFT_EYE_OUTER': 'canto externo do olho esquerdo',
  'landmark.RIGHT_EYE_INNER': 'canto interno do olho direito',
  'landmark.RIGHT_EYE': 'olho direito',
  'landmark.RIGHT_EYE_OUTER': 'canto externo do olho direito',
  'landmark.LEFT_EAR': 'orelha esquerda',
  'landmark.RIGHT_EAR': 'orelha direita',
  'landmark.LEFT_RIGHT': 'canto esquerdo da boca',
  'landmark.RIGHT_LEFT': 'canto direito da boca',
  'landmark.LEFT_SHOULDER': 'ombro esquerdo',
  'landmark.RIGHT_SHOULDER': 'ombro direito',
  'landmark.LEFT_ELBOW': 'cotovelo esquerdo',
  'landmark.RIGHT_ELBOW': 'cotovelo direito',
  'landmark.LEFT_WRIST': 'punho esquerdo',
  'landmark.RIGHT_WRIST': 'punho direito',
  'landmark.LEFT_PINKY': 'dedo mínimo esquerdo',
  'landmark.RIGHT_PINKY': 'dedo mínimo direito',
  'landmark.LEFT_INDEX': 'dedo indicador esquerdo',
  'landmark.RIGHT_INDEX': 'dedo indicador direito',
  'landmark.LEFT_THUMB': 'polegar esquerdo',
  'landmark.RIGHT_THUMB': 'polegar direito',
  'landmark.LEFT_HIP': 'quadril esquerdo',
  'landmark.RIGHT_HIP': 'quadril direito',
  'landmark.LEFT_KNEE': 'joelho esquerdo',
  'landmark.RIGHT_KNEE': 'joelho direito',
  'landmark.LEFT_ANKLE': 'tornozelo esquerdo',
  'landmark.RIGHT_ANKLE': 'tornozelo direito',
  'landmark.LEFT_HEEL': 'calcanhar esquerdo',
  'landmark.RIGHT_HEEL': 'calcanhar direito',
  'landmark.LEFT_FOOT_INDEX': 'ponta do pé esquerdo',
  'landmark.RIGHT_FOOT_INDEX': 'ponta do pé direito',
} as const satisfies Record<MessageKey, Message>
