/**
 * The patient record (record.ts) in Brazilian Portuguese: patients, visits, trends,
 * import and backups. The `satisfies` clause makes a missing key a compile error.
 */
import type { RECORD_EN } from '../record.js'
import type { Message } from '../types.js'

export const RECORD_PT = {
  'csv.column.patient': 'paciente',
  'csv.column.date': 'data',
  'csv.column.started': 'inicio_consulta',
  'record.button': 'Pacientes',
  'record.button.title': 'O registro de pacientes guardado neste navegador: pacientes, consultas, cópias de segurança',
  'record.title': 'Registro de pacientes',
  'record.privacy':
    'O registro e suas fotos ficam neste navegador, neste computador. Ao serviço são enviadas apenas as coordenadas dos marcadores.',
  'record.search': 'Buscar pacientes',
  'record.patients.empty':
    'Ainda não há pacientes. Digite um identificador no cartão da avaliação, ou adicione-o aqui.',
  'record.patients.noMatch': 'Nenhum paciente corresponde a “{query}”.',
  'record.patient.name': 'Nome (opcional)',
  'record.patient.add': 'Adicionar paciente',
  'record.patient.exists':
    'O paciente “{identifier}” já está no registro (os identificadores não distinguem maiúsculas nem espaços).',
  'record.patient.needsIdentifier': 'Digite primeiro o identificador do paciente.',
  'record.patient.added': 'Paciente “{identifier}” adicionado.',
  // CLDR gives 0 the singular form in Portuguese ("0 consulta"): a count that can be 0 says none in words.
  'record.patient.visits': { none: 'nenhuma consulta', one: '{count} consulta', other: '{count} consultas' },
  'record.patient.delete': 'Excluir paciente',
  'record.visits.title': 'Consultas de {patient}',
  'record.visits.empty': 'Ainda não há consultas.',
  'record.visit.new': 'Nova consulta',
  'record.visit.open': 'Abrir',
  'record.visit.delete': 'Excluir',
  'record.trends': 'Evolução',
  'record.trends.note':
    'Cada medida em cada consulta, posicionada conforme a data, com sua faixa ± e a faixa de valores dentro do erro de medida em relação à primeira consulta; um círculo vermelho assinala uma mudança em relação à consulta anterior que supera a diferença real mínima. Toque em uma consulta em um gráfico para ler seu valor.',
  'record.trends.print': 'Imprimir a evolução',
  'record.trends.print.include': 'Na página impressa',
  'record.trends.print.title': 'Evolução de {patient}',
  'record.trends.print.span': {
    one: '{count} consulta, {first}.',
    other: '{count} consultas, de {first} a {last}.',
  },
  'record.trends.print.printed': 'Impresso em {date}.',
  'record.trends.readout.hint': 'Toque ou aponte uma consulta para ler seu valor.',
  'record.trends.readout': '{date}: {value}',
  'record.trends.readout.change': '{date}: {value}; mudança em relação à consulta anterior {change}, {verdict}',
  'record.trends.verdict.real': 'supera o erro de medida',
  'record.trends.verdict.within': 'dentro do erro de medida',
  'record.trends.legend':
    'Linha e pontos: o valor em cada consulta, posicionado conforme a data; faixa escura: ± sua incerteza; faixa sombreada: dentro do erro de medida em relação à primeira consulta, segundo a melhor evidência para a medida (indicada sob o título de cada gráfico); círculo vermelho: uma mudança em relação à consulta anterior que supera o erro de medida.',
  'record.trends.band.threshold': 'Dentro do erro de medida em relação à primeira consulta: ± {half} ({evidence})',
  'record.trends.csv': 'Exportar CSV da evolução',
  'record.visit.compare': 'Comparar',
  'record.visit.compare.title': 'Comparar a consulta na tela com esta, lado a lado',
  'record.visit.views': 'Vistas: {views}',
  'record.visit.opened': 'Consulta de {patient}, {date}, aberta.',
  'record.visit.cannotOpen': 'Não foi possível abrir a consulta.',
  'record.newVisit.started': 'Nova consulta de {patient}, {date}.',
  'record.confirm.deleteVisit':
    'Excluir a consulta de {date} do paciente “{patient}” com suas fotos? Você poderá desfazer isso por um tempo.',
  'record.confirm.deletePatient': {
    none: 'Excluir o paciente “{patient}”, que não tem consultas? Você poderá desfazer isso por um tempo.',
    one: 'Excluir o paciente “{patient}” e sua {count} consulta com as fotos? Você poderá desfazer isso por um tempo.',
    other:
      'Excluir o paciente “{patient}” e suas {count} consultas com as fotos? Você poderá desfazer isso por um tempo.',
  },
  'record.deleted.visit': 'Consulta de {date} excluída.',
  'record.deleted.patient': 'Paciente “{patient}” excluído.',
  'record.undo': 'Desfazer',
  'record.restored': 'Recuperado.',
  'record.delete': 'Excluir',
  'record.cancel': 'Cancelar',
  'record.close': 'Fechar',
  'record.current': 'Consulta de {patient}, {date}: é salva neste navegador enquanto você trabalha.',
  'record.current.unsaved':
    'Ainda não está no registro: digite o identificador do paciente para salvar esta consulta. Enquanto isso, seu trabalho é mantido neste navegador.',
  'record.storage': 'O registro neste navegador: {used} usados (de {quota} disponíveis).',
  'record.storage.persisted': 'Armazenamento persistente: o navegador o mantém mesmo que falte espaço.',
  'record.storage.notPersisted':
    'Não é persistente: o navegador pode apagá-lo (se faltar espaço, ou após dias sem uso no Safari).',
  'record.storage.unknown': 'O navegador não informa quanto espaço é usado.',
  'record.storage.remind':
    'Este registro é a única cópia e não é sincronizado com um servidor da clínica: exporte todo o registro de vez em quando, ou sincronize-o. Última cópia: {date}.',
  'record.storage.never': 'nunca',
  'record.saveFailed': 'Não foi possível salvar neste navegador. Exporte uma cópia do seu trabalho.',
  'record.photoNotKept':
    'A foto não pôde ser salva neste navegador; as marcações sim. Exporte uma cópia do seu trabalho e guarde a foto original.',
  'record.notKept':
    'Seu trabalho não pôde ser salvo neste navegador: exporte uma cópia (Salvar avaliação) antes de fechar esta janela.',
  'notice.details': 'Detalhes técnicos',
  'notice.dismiss': 'Fechar esta mensagem',
  'record.conflict.title': 'Outro paciente',
  'record.conflict.text':
    'Este arquivo é uma avaliação do paciente “{file}”, mas a avaliação na tela é do paciente “{open}”. Elas nunca se misturam: abra o arquivo como consulta de “{file}” (a da tela fica no registro), ou cancele.',
  'record.conflict.open': 'Abrir como paciente “{file}”',
  'record.noIdentifier': 'sem identificador',
  'record.export.all': 'Exportar todo o registro',
  'record.export.patient': 'Exportar paciente',
  'record.export.visit': 'Exportar',
  'record.export.done': 'Cópia de segurança salva: {name}.',
  'record.import': 'Importar uma cópia de segurança',
  'record.import.heading': 'Importar {name}',
  'record.import.intro':
    'O que o arquivo contém, comparado com este registro. Nada é gravado até você clicar em “Importar”; “Cancelar” deixa o registro como está.',
  'record.import.summary.patientsNew': {
    one: '{count} paciente novo: {list}.',
    other: '{count} pacientes novos: {list}.',
  },
  'record.import.summary.patientsHere': {
    one: '{count} paciente que já está no registro: {list}.',
    other: '{count} pacientes que já estão no registro: {list}.',
  },
  'record.import.summary.visits': 'Consultas do arquivo: {list}.',
  'record.import.summary.visitsNew': { one: '{count} nova', other: '{count} novas' },
  'record.import.summary.visitsSame': {
    one: '{count} idêntica à daqui',
    other: '{count} idênticas às daqui',
  },
  'record.import.summary.visitsChanged': {
    one: '{count} diferente da que há aqui',
    other: '{count} diferentes das que há aqui',
  },
  'record.import.summary.noVisits': 'O arquivo não contém consultas.',
  'record.import.patient.sharesIdentifier':
    'Outro paciente deste arquivo ou do registro tem o mesmo identificador: pode ser a mesma pessoa. Os dois são mantidos separados, como no arquivo; confira-os em Pacientes.',
  'record.import.patient.new': 'Paciente novo: é adicionado ao registro com suas consultas.',
  'record.import.patient.same':
    'É o mesmo paciente que {here} deste registro (os identificadores não distinguem maiúsculas nem espaços): suas consultas vão para {here}.',
  'record.import.differs.identifier': 'Identificador como foi digitado: aqui {here}, no arquivo {file}.',
  'record.import.differs.name': 'Nome: aqui {here}, no arquivo {file}. Um nome diferente pode indicar outra pessoa.',
  'record.import.differs.notes': 'Notas: aqui {here}, no arquivo {file}.',
  'record.import.empty': '(vazio)',
  'record.import.quoted': '“{text}”',
  'record.import.patient.question': 'Quais dados são mantidos?',
  'record.import.patient.questionName': 'O nome não coincide: escolha antes de importar.',
  'record.import.patient.keepHere': 'Mesmo paciente: manter os dados deste registro',
  'record.import.patient.takeFile': 'Mesmo paciente: usar os dados do arquivo',
  'record.import.patient.skip': 'Outra pessoa: não importar este paciente nem suas consultas',
  'record.import.patient.skipped': 'Este paciente e suas consultas não serão importados.',
  'record.import.visit.new': 'Consulta nova: é adicionada.',
  'record.import.visit.same': 'Já está no registro, idêntica: fica como está.',
  'record.import.visit.newerHere':
    'Diferente da que há aqui, que é mais recente (modificada em {here}; a do arquivo, em {file}).',
  'record.import.visit.newerInFile':
    'Diferente da que há aqui; a do arquivo é mais recente (modificada em {file}; a daqui, em {here}).',
  'record.import.visit.differs':
    'Diferente da que há aqui, embora as duas tenham sido modificadas pela última vez ao mesmo tempo ({file}): foi editada fora do aplicativo?',
  'record.import.visit.changes': 'O que muda: {list}.',
  'record.import.change.date': 'a data (aqui {here}, no arquivo {file})',
  'record.import.change.assessment': 'os marcadores, a calibração ou os resultados',
  'record.import.change.photos': 'as fotos',
  'record.import.change.patient': 'o paciente (aqui é uma consulta de {here})',
  'record.import.visit.question': 'O que fazer com esta consulta?',
  'record.import.visit.keepHere': 'Manter a deste registro',
  'record.import.visit.takeFile': 'Usar a do arquivo (substitui a deste registro)',
  'record.import.visit.keepBoth': 'Manter as duas (a do arquivo como outra consulta)',
  'record.import.will': 'A importação vai gravar: {list}.',
  'record.import.will.nothing': 'A importação não vai gravar nada: tudo fica como está.',
  'record.import.will.undecided': {
    one: 'Antes de importar, escolha o que fazer com {count} paciente cujo nome não coincide.',
    other: 'Antes de importar, escolha o que fazer com os {count} pacientes cujo nome não coincide.',
  },
  'record.import.unchanged': 'Não é gravado: {list}.',
  'record.import.part.patientsNew': { one: '{count} paciente novo', other: '{count} pacientes novos' },
  'record.import.part.patientsUpdated': {
    one: '{count} paciente atualizado com os dados do arquivo',
    other: '{count} pacientes atualizados com os dados do arquivo',
  },
  'record.import.part.visitsNew': { one: '{count} consulta nova', other: '{count} consultas novas' },
  'record.import.part.visitsReplaced': {
    one: '{count} consulta substituída pela do arquivo',
    other: '{count} consultas substituídas pelas do arquivo',
  },
  'record.import.part.visitsCopied': {
    one: '{count} cópia do arquivo salva como outra consulta',
    other: '{count} cópias do arquivo salvas como outras consultas',
  },
  'record.import.part.visitsLeft': {
    one: '{count} consulta que fica como está',
    other: '{count} consultas que ficam como estão',
  },
  'record.import.part.visitsNotImported': {
    one: '{count} consulta de um paciente que não é importado',
    other: '{count} consultas de pacientes que não são importados',
  },
  'record.import.confirm': 'Importar',
  'record.import.written': 'Importado de {name}: {list}.',
  'record.import.writtenNothing': 'A importação de {name} não mudou nada: tudo ficou como estava.',
  'record.import.failed': '{name} não foi importado (nada foi mudado): {reason}',
  'record.import.unexpected': 'algo falhou neste navegador',
  'record.import.nothing': 'Nada novo em {name}: todos os seus pacientes e consultas já estão no registro, idênticos.',
  'record.import.settings.title': 'Configurações dos relatórios na cópia',
  'record.import.settings.text':
    'A cópia traz configurações dos relatórios diferentes das deste navegador. As deste navegador: {ours}. As da cópia: {theirs}. Usar as da cópia? Cancelar mantém as deste navegador (o resto da cópia é importado mesmo assim).',
  'record.import.settings.confirm': 'Usar as configurações da cópia',
  'record.import.settings.words': 'clínica “{clinic}”, profissional “{clinician}”, {logo}',
  'record.import.settings.logo': 'com logotipo',
  'record.import.settings.noLogo': 'sem logotipo',
  'record.import.settings.taken': 'As configurações dos relatórios agora são as da cópia (clínica “{clinic}”).',
  'record.import.settings.kept':
    'As configurações dos relatórios deste navegador foram mantidas (clínica “{clinic}”); as da cópia não foram importadas.',
  'backup.notJson': 'não é um arquivo JSON completo ({reason}); pode estar cortado ou danificado.',
  'backup.foreign':
    'não é uma cópia de segurança deste aplicativo (era esperado "format": "{format}", ou um arquivo de avaliação "{assessment}").',
  'backup.version': 'este aplicativo não conhece a versão {version} (lê a versão {expected}).',
  'backup.field': 'o campo {where} falta ou está incorreto; o arquivo pode estar danificado.',
  'backup.duplicate':
    '{where} é igual ao de {first}: duas entradas não podem compartilhá-lo; o arquivo pode estar danificado.',
  'backup.noPatient':
    'o arquivo de avaliação não tem identificador do paciente, por isso não pode ser atribuído a um paciente. Abra-o com “Carregar avaliação”.',
} as const satisfies Record<keyof typeof RECORD_EN, Message>
