/**
 * Files from outside (files.ts) in Brazilian Portuguese: photos refused, files checked
 * against their schema. The `satisfies` clause makes a missing key a compile error.
 */
import type { FILES_EN } from '../files.js'

export const FILES_PT = {
  'raster.refused': 'Não é possível abrir {name}: {reason}',
  'raster.empty': 'O arquivo está vazio: abra uma foto JPEG, PNG ou WebP.',
  'raster.svg': 'É um desenho SVG, não uma foto: abra uma foto JPEG, PNG ou WebP.',
  'raster.html': 'É uma página web (HTML), não uma foto: abra uma foto JPEG, PNG ou WebP.',
  'raster.pdf': 'É um documento PDF, não uma foto: abra uma foto JPEG, PNG ou WebP.',
  'raster.otherImage':
    'É uma imagem {format}, que este aplicativo não abre: salve ou compartilhe a foto como JPEG, PNG ou WebP e abra essa.',
  'raster.unknown':
    'O conteúdo não é uma foto JPEG, PNG nem WebP, diga o nome o que disser (o arquivo pode estar danificado ou ser de outro tipo): abra uma foto JPEG, PNG ou WebP.',
  'raster.tooLarge':
    'O arquivo ocupa {size} MB; uma foto pode ocupar no máximo {max} MB. Salve-a menor (como JPEG ou com menos pixels) e abra essa.',
  'raster.tooManyPixels':
    'A foto mede {width} × {height} px ({megapixels} megapixels); abrem-se no máximo {max} megapixels e {side} px por lado. Salve-a com menos pixels e abra essa.',
  'raster.noSize':
    'Não é possível ler o tamanho em pixels: o arquivo pode estar danificado. Abra outra cópia da foto ou salve-a de novo como JPEG ou PNG.',
  'raster.cannotDecode':
    'Este navegador não consegue decodificar a imagem: o arquivo pode estar danificado. Salve a foto de novo como JPEG ou PNG e abra essa.',
  'raster.sizeMismatch':
    'A imagem mede {width} × {height} px e eram esperados {expectedWidth} × {expectedHeight} px: não é a foto que o arquivo descreve.',
  'fileCheck.problem': '{where}: {why}',
  'fileCheck.more': { one: 'E mais {count} problema.', other: 'E mais {count} problemas.' },
  'fileCheck.tooLarge.assessment':
    'O arquivo ocupa {size} MB, mais do que um arquivo de avaliação jamais ocupa (no máximo {max} MB): não é um arquivo de avaliação deste aplicativo.',
  'fileCheck.tooLarge.backup':
    'O arquivo ocupa {size} MB; uma cópia de segurança pode ocupar no máximo {max} MB para ser lida em um navegador. Exporte os pacientes em cópias menores (um paciente por vez) e importe-as.',
  'fileCheck.tooDeep':
    'O arquivo aninha seus dados em mais de {max} níveis de profundidade, algo que os arquivos deste aplicativo nunca fazem: não foi criado por este aplicativo ou está danificado.',
  'fileCheck.notJson':
    'O arquivo não é um JSON legível: pode estar cortado, danificado ou ser de outro tipo. Escolha o arquivo .json que o aplicativo salvou.',
  'fileCheck.foreign.assessment': 'Não é um arquivo de avaliação deste aplicativo (era esperado "format": "{format}").',
  'fileCheck.foreign.backup':
    'Não é uma cópia de segurança do registro deste aplicativo (era esperado "format": "{format}").',
  'fileCheck.version': 'Este aplicativo não lê a versão {version} do arquivo; lê a versão {expected}.',
  'fileCheck.unexpected': 'Não foi possível verificar o arquivo neste navegador; nada foi lido dele.',
  'fileCheck.invalid': 'não tem a forma de que este arquivo precisa',
  'fileCheck.mustBe': 'deve ser {what}',
  'fileCheck.or': ' ou ',
  'fileCheck.type.number': 'um número',
  'fileCheck.type.integer': 'um número inteiro',
  'fileCheck.type.string': 'um texto',
  'fileCheck.type.boolean': 'true ou false',
  'fileCheck.type.array': 'uma lista ([…])',
  'fileCheck.type.object': 'um objeto ({…})',
  'fileCheck.minimum': 'deve ser no mínimo {limit}',
  'fileCheck.maximum': 'deve ser no máximo {limit}',
  'fileCheck.exclusiveMinimum': 'deve ser maior que {limit}',
  'fileCheck.exclusiveMaximum': 'deve ser menor que {limit}',
  'fileCheck.minLength': {
    one: 'deve ter pelo menos {count} caractere',
    other: 'deve ter pelo menos {count} caracteres',
  },
  'fileCheck.maxLength': {
    one: 'deve ter no máximo {count} caractere',
    other: 'deve ter no máximo {count} caracteres',
  },
  'fileCheck.minItems': { one: 'deve ter pelo menos {count} elemento', other: 'deve ter pelo menos {count} elementos' },
  'fileCheck.maxItems': { one: 'deve ter no máximo {count} elemento', other: 'deve ter no máximo {count} elementos' },
  'fileCheck.maxProperties': { one: 'deve ter no máximo {count} campo', other: 'deve ter no máximo {count} campos' },
  'fileCheck.extraItem': 'é um elemento a mais',
  'fileCheck.unknownField': 'não é um campo deste arquivo',
  'fileCheck.missing': 'falta',
  'fileCheck.pattern': 'não tem a forma esperada',
  'fileCheck.pattern.code': 'deve ser um nome de minúsculas, algarismos e _ (como tragus_der)',
  'fileCheck.pattern.line': 'deve ser uma única linha de texto, sem caracteres de controle',
  'fileCheck.pattern.nonBlank': 'deve ser uma única linha de texto, não vazia, sem caracteres de controle',
  'fileCheck.pattern.lines': 'deve ser um texto sem caracteres de controle (tabulações e quebras de linha valem)',
  'fileCheck.pattern.notes':
    'deve ser um texto sem caracteres de controle: valem as tabulações e as quebras de linha escritas \\n, não \\r nem nenhum outro',
  'fileCheck.pattern.date': 'deve ser uma data escrita AAAA-MM-DD, como 2026-03-10',
  'fileCheck.pattern.time': 'deve ser uma hora como este aplicativo a escreve, como 2026-03-10T09:30:00Z',
  'fileCheck.pattern.id': 'deve ser um identificador de letras, algarismos e . _ : - como os que este aplicativo cria',
  'fileCheck.pattern.base64': 'deve conter os bytes da foto em base64',
  'fileCheck.pattern.imageType': 'deve indicar o tipo da foto (JPEG, PNG ou WebP)',
  'fileCheck.notCalendarDate': 'não é um dia do calendário',
  'fileCheck.megapixels': 'tem {megapixels} megapixels; leem-se no máximo {max}',
  'fileCheck.outsidePhoto':
    'fica fora demais da foto: x deve estar entre {minX} e {maxX} px, e y entre {minY} e {maxY} px (a foto e outro tanto ao redor)',
  'fileCheck.duplicateId': 'é o identificador de outra entrada desta cópia',
  'fileCheck.unknownPatient': 'não corresponde a nenhum paciente desta cópia',
  'files.importPhoto': 'a foto de {where} foi recusada: {reason}',
  'files.importPhotoUnreadable': 'este navegador não conseguiu lê-la',
  'files.storedNotRaster':
    'A foto salva de {views} não é uma imagem JPEG, PNG nem WebP (salva por uma versão anterior do aplicativo?), por isso não é mostrada. Os marcadores e valores são mantidos.',
} as const satisfies Record<keyof typeof FILES_EN, string | { one: string; other: string }>
