/**
 * The clinical features' messages (clinical.ts) in Brazilian Portuguese: uncertainty,
 * visits compared, the patient and date of an assessment, the language switch, the
 * service's errors. Anatomical and measure names follow SAPO's protocol where it has
 * one (docs/glossary-pt-BR.md). The `satisfies` clause makes a missing key a compile error.
 */
import type { CLINICAL_EN } from '../clinical.js'

export const CLINICAL_PT = {
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',

  'uncertainty.label': 'Erro de marcação',
  'uncertainty.unit': 'px',
  'uncertainty.help':
    'Desvio padrão de um ponto marcado à mão, em pixels da foto (padrão {default} px: um clique sobre um alvo bem visível tem precisão de 1 a 3 px; aumente-o para pontos difíceis de localizar). Cada valor é mostrado ± sua incerteza padrão.',
  'uncertainty.invalid': 'O erro de marcação deve ser um número de pixels entre {min} e {max}.',
  'uncertainty.report':
    'Erro de marcação {sd} px: cada valor é mostrado ± sua incerteza padrão (propagação de primeira ordem pelas fórmulas das medidas, ou uma simulação onde um segmento é curto demais para ela, o que for maior).',

  'assessment.title': 'Avaliação',
  'assessment.patient': 'Identificador do paciente',
  'assessment.date': 'Data da avaliação',
  'assessment.privacy':
    'Fica guardado no registro de pacientes deste navegador e nos arquivos; nunca é enviado ao serviço.',

  'date.placeholder': 'dd/mm/aaaa',
  'date.error.form': '“{text}” não é uma data: escreva-a como {expected}, por exemplo {example}.',
  'date.error.calendar': '{text} não é um dia do calendário (confira o dia e o mês): escreva-a como {expected}.',
  'date.error.years': 'O ano de {text} está fora de {min}-{max}: confira o ano.',

  'compare.load': 'Comparar com uma avaliação salva',
  'compare.load.title': 'Carregue uma avaliação salva da mesma vista (uma consulta anterior) para ver o que mudou',
  'compare.close': 'Fechar a comparação',
  'compare.title': 'Comparação de consultas',
  'compare.between': '{earlier} → {later}',
  'compare.range': '{earlier} – {later}',
  'compare.undated': 'sem data',
  'compare.column.metric': 'Medida',
  'compare.column.earlier': 'Consulta anterior',
  'compare.column.later': 'Consulta mais recente',
  'compare.column.change': 'Mudança',
  'compare.column.srd': 'Diferença real mínima',
  'compare.column.verdict': 'Supera o erro de medida?',
  'compare.verdict.real': 'Sim: mudança real',
  'compare.verdict.within': 'Não: dentro do erro',
  'compare.verdict.methodDiffers': 'Medido de outro modo',
  'compare.verdict.missing': 'Sem valor',
  'compare.verdict.unknown': 'Não é possível avaliar',
  'compare.note':
    'Uma mudança é considerada real quando supera a diferença real mínima DRM = 1,96 × √(u₁² + u₂²): 95 % das mudanças devidas apenas à marcação dos pontos ficam abaixo dela. Não inclui a variação da postura de um dia para outro.',
  'compare.summary': '{real} de {total} medidas mudaram além do erro de medida.',
  'compare.viewDiffers':
    'Não é possível comparar: a avaliação salva é da vista {earlier} e esta é da vista {later}. Carregue uma avaliação da mesma vista.',
  'compare.sideDiffers':
    'Não é possível comparar: na avaliação lateral salva o lado voltado para a câmera é o {earlier} e nesta é o {later}. Carregue uma avaliação fotografada do mesmo lado.',
  'compare.patientDiffers':
    'Não é possível comparar: a avaliação salva é do paciente “{earlier}” e esta é do paciente “{later}”.',
  'compare.noMarkers': 'Não é possível comparar: o arquivo salvo não tem marcadores da vista {view}.',
  'compare.notReady': 'Coloque primeiro todos os marcadores desta vista: ainda não há nada para comparar.',
  'compare.loaded': 'Comparando com a avaliação de {date}.',
  'compare.reportTitle': 'Comparação com a consulta anterior',
  'compare.csv': 'Exportar comparação (CSV)',
  'compare.csvDone': 'Comparação exportada em CSV.',

  'csv.column.label': 'nome',
  'csv.column.u': 'incerteza',
  'csv.column.sd': 'erro_marcacao_px',
  'csv.column.earlierDate': 'data_anterior',
  'csv.column.earlierValue': 'valor_anterior',
  'csv.column.earlierU': 'incerteza_anterior',
  'csv.column.laterDate': 'data_posterior',
  'csv.column.laterValue': 'valor_posterior',
  'csv.column.laterU': 'incerteza_posterior',
  'csv.column.change': 'mudanca',
  'csv.column.uChange': 'incerteza_mudanca',
  'csv.column.srd': 'diferenca_real_minima',
  'csv.column.verdict': 'supera_erro',
  'csv.unit.degrees': 'graus',
  'csv.unit.cm': 'cm',
  'csv.verdict.real': 'sim',
  'csv.verdict.within': 'não',
  'csv.verdict.methodDiffers': 'medido de outro modo',
  'csv.verdict.missing': 'sem valor',
  'csv.verdict.unknown': 'não é possível avaliar',

  'apiError.subject.body': 'a requisição',
  'apiError.subject.marker': 'o marcador “{marker}”',
  'apiError.subject.marker_x': 'a coordenada x de “{marker}”',
  'apiError.subject.marker_y': 'a coordenada y de “{marker}”',
  'apiError.subject.lrv_x': 'a linha de referência',
  'apiError.subject.fc': 'o fator de escala fc (cm por pixel)',
  'apiError.subject.grid_size_cm': 'a distância conhecida',
  'apiError.subject.side': 'o lado voltado para a câmera',
  'apiError.subject.estimate_popliteal': 'a opção de estimar os pontos poplíteos',
  'apiError.subject.field': 'o campo {field}',
  'apiError.missing': 'Falta {subject}.',
  'apiError.missing_found': 'Falta {subject}; em seu lugar a requisição traz “{found}”.',
  'apiError.wrong_type': '{subject} tem um tipo de valor incorreto.',
  'apiError.too_short': '{subject} deve ser um par de números [x, y]; tem {actual}.',
  'apiError.too_long': '{subject} deve ser um par de números [x, y]; tem {actual}.',
  'apiError.finite_number': '{subject} é grande demais para ser representado.',
  'apiError.too_deep':
    'A requisição aninha seus valores em profundidade demais para o serviço; este aplicativo nunca envia uma assim.',
  'apiError.greater_than': '{subject} deve ser maior que {limit}.',
  'apiError.greater_than_equal': '{subject} deve ser no mínimo {limit}: nenhuma fotografia é tão grande.',
  'apiError.less_than_equal': '{subject} deve ser no máximo {limit}: nenhuma fotografia é tão grande.',
  'apiError.literal_error': '{subject} deve ser um destes valores: {expected}.',
  'apiError.undefined_geometry_at':
    '{markers} estão no mesmo ponto ({x}; {y}), então não é possível calcular {metrics}: afaste um deles.',
  'apiError.undefined_geometry':
    'Estes marcadores estão colocados de modo que não é possível calcular {metrics}: {markers}. Afaste-os.',
  'apiError.value_error': '{subject} não é válido.',
  'apiError.unreachable':
    'Não foi possível contatar o serviço. Verifique se ele está em funcionamento e tente de novo.',
  'apiError.rate_limited':
    'Requisições demais ao serviço: aguarde um momento; a análise será repetida ao mover um marcador.',
  'apiError.too_large': 'A requisição é grande demais para o serviço.',
  'apiError.server_error':
    'O serviço falhou (HTTP {status}). Tente de novo; se continuar falhando, avise quem administra o serviço.',
  'apiError.http_error': 'O serviço respondeu com HTTP {status}.',
  'list.and': '{items} e {last}',
} as const satisfies Record<keyof typeof CLINICAL_EN, string>
