/**
 * Exporting and sending a visit as HL7 FHIR R4 (fhir-app.ts) in Brazilian Portuguese.
 * The `satisfies` clause makes a missing key a compile error.
 */
import type { FHIR_APP_EN } from '../fhir-app.js'

export const FHIR_APP_PT = {
  'fhir.export': 'Exportar para FHIR',
  'fhir.export.title': 'Salvar a consulta como um pacote HL7 FHIR R4 (JSON) para um prontuário eletrônico',
  'fhir.export.patient': 'Exportar para FHIR',
  'fhir.export.patient.title': 'Salvar as consultas deste paciente em um único pacote HL7 FHIR R4 (JSON)',
  'fhir.exported': 'Salvo {name}: a consulta em HL7 FHIR R4.',
  'fhir.report.notAttached':
    'Não foi possível gerar o relatório PDF, por isso ele não foi incluído ({reason}); os valores e as fotos, sim.',
  'fhir.exported.patient': {
    one: 'Salvo {name}: {count} consulta de {patient} em HL7 FHIR R4.',
    other: 'Salvo {name}: {count} consultas de {patient} em HL7 FHIR R4.',
  },
  'fhir.nothing': 'Ainda não há nada para exportar: abra uma foto e coloque os marcadores.',
  'fhir.patient.noVisits': '{patient} ainda não tem consultas para exportar.',
  'fhir.cannotExport': 'Não é possível criar o pacote FHIR: {reason}',
  'fhir.send.button': 'Enviar para um servidor FHIR…',
  'fhir.send.button.title': 'Enviar a consulta para o prontuário eletrônico (HL7 FHIR R4)',
  'fhir.send.patient': 'Enviar para um servidor FHIR…',
  'fhir.send.title': 'Enviar para um servidor FHIR',
  'fhir.send.what.visit':
    'Envia a consulta na tela para o prontuário eletrônico, como uma única transação HL7 FHIR R4.',
  'fhir.send.what.patient': {
    one: 'Envia {count} consulta de {patient} para o prontuário eletrônico, como uma única transação HL7 FHIR R4.',
    other: 'Envia {count} consultas de {patient} para o prontuário eletrônico, como uma única transação HL7 FHIR R4.',
  },
  'fhir.send.privacy':
    'Os dados do paciente (identificador, nome, datas, fotos, marcadores e valores) vão apenas para o servidor indicado abaixo, e apenas quando você clicar em Enviar. O serviço do aplicativo nunca os recebe.',
  'fhir.settings.url': 'URL base do servidor FHIR',
  'fhir.settings.url.help':
    'Como https://fhir.example.org/fhir: apenas https (http apenas neste computador, localhost).',
  'fhir.settings.token': 'Token de acesso (Bearer)',
  'fhir.settings.token.help':
    'Fica guardado apenas enquanto esta aba está aberta e depois é esquecido; nunca é gravado no registro, nas cópias de segurança nem em nenhum arquivo.',
  'fhir.settings.system': 'Sistema do identificador do paciente (URI, necessário para enviar)',
  'fhir.settings.performer': 'Nome do profissional (opcional)',
  'fhir.settings.badSystem':
    'O sistema do identificador do paciente “{system}” não é uma URI: escreva-o como o seu prontuário o nomeia (como https://hospital.example/mrn, ou um nome urn:oid:), ou deixe-o vazio.',
  'fhir.send.go': 'Enviar',
  'fhir.send.close': 'Fechar',
  'fhir.send.sending': 'Enviando para {origin}…',
  'fhir.send.unexpected':
    'Não foi possível enviar nada: algo falhou neste navegador. Tente de novo ou use “Exportar para FHIR”.',
  'fhir.send.noUrl': 'Digite primeiro a URL base do servidor FHIR (seu administrador a conhece).',
  'fhir.send.badUrl':
    '“{url}” não é um endereço web: digite a URL base do servidor FHIR, como https://fhir.example.org/fhir.',
  'fhir.send.insecure':
    '{url} não é um endereço https: os dados de pacientes só são enviados por https (http apenas para este computador: localhost). Digite o endereço https do servidor.',
  'fhir.send.confirm.title': 'Enviar dados do paciente para {origin}?',
  'fhir.send.confirm.text':
    'Este navegador nunca enviou nada para {origin}. Esse servidor receberá o identificador e o nome do paciente, as datas das consultas, as fotos, os marcadores e os valores. Envie apenas para o servidor de prontuário da sua organização.',
  'fhir.send.confirm.go': 'Enviar para {origin}',
  'fhir.send.sent': {
    one: 'Enviado para {origin}: o servidor salvou {count} entrada ({created} criadas, {updated} atualizadas).',
    other: 'Enviado para {origin}: o servidor salvou {count} entradas ({created} criadas, {updated} atualizadas).',
  },
  'fhir.send.unauthorized':
    'O servidor FHIR recusou o token de acesso (HTTP {status}): ele falta, está incorreto ou expirou, ou não permite gravar. Obtenha um token novo para {origin}, digite-o acima e envie de novo.',
  'fhir.send.rejected':
    'O servidor FHIR recusou os dados (HTTP {status}) e não salvou nada. A resposta dele: {diagnostics} Mostre esta mensagem ao seu administrador.',
  'fhir.send.serverError':
    'O servidor FHIR falhou (HTTP {status}); uma transação é salva inteira ou nada. A resposta dele: {diagnostics} Envie de novo mais tarde; se continuar falhando, avise seu administrador.',
  'fhir.send.noDetail': 'nada mais.',
  'fhir.send.unreachable':
    'Não foi possível contatar o servidor FHIR em {origin}, ou ele não permite receber dados do endereço deste aplicativo ({app}). Verifique o endereço e a conexão; se ambos estiverem corretos, peça ao seu administrador que permita {app} no servidor FHIR (CORS).',
  'fhir.send.csp':
    'Este aplicativo não pode se conectar a {origin}: o serviço dele só o deixa contatar os servidores FHIR que seu administrador indica. Peça ao seu administrador que adicione {origin} a FHIR_SERVER_ORIGINS. Nada foi enviado.',
  'fhir.send.badAnswer':
    'O servidor em {origin} respondeu (HTTP {status}), mas não como um servidor FHIR responde a uma transação. Verifique se o endereço é a URL base FHIR (costuma terminar em /fhir).',
  'fhir.exported.noSystem':
    'O identificador do paciente {identifier} não tem sistema, então um prontuário não consegue saber de quem ele é: defina o sistema de identificadores de pacientes da clínica nas configurações FHIR (Enviar para um servidor FHIR…).',
  'fhir.send.ambiguous': {
    one: 'O servidor FHIR tem {count} paciente com o identificador {identifier}, mas não informou qual: nada foi enviado. Consulte o administrador do prontuário e envie de novo.',
    other:
      'O servidor FHIR tem {count} pacientes com o identificador {identifier}: o aplicativo não consegue saber qual é este paciente, então nada foi enviado. Peça ao administrador do prontuário que os unifique e envie de novo.',
  },
  'fhir.send.patientName.title': 'Atualizar o nome do paciente no servidor FHIR?',
  'fhir.send.patientName.text': 'O paciente no servidor se chama {server}; atualizá-lo para {record}?',
  'fhir.send.patientName.go': 'Atualizar para {record}',
  'fhir.send.patientName.none': '(sem nome)',
} as const satisfies Record<keyof typeof FHIR_APP_EN, string | { one: string; other: string }>
