/**
 * Syncing with the clinic's record server (sync.ts) in Brazilian Portuguese. The
 * `satisfies` clause makes a missing key a compile error.
 */
import type { SYNC_EN } from '../sync.js'
import type { Message } from '../types.js'

export const SYNC_PT = {
  'sync.button': 'Servidor da clínica',
  'sync.button.unread': 'Servidor da clínica ({count})',
  'sync.button.title': 'Sincronizar o registro deste navegador com o servidor de registros da sua clínica',
  'sync.title': 'Servidor da clínica',
  'sync.privacy':
    'O registro é sincronizado com o servidor de registros da sua clínica diretamente a partir deste navegador; nada dele passa pelo serviço de métricas. As alterações feitas sem conexão são guardadas aqui e enviadas quando o servidor está disponível.',
  'sync.url.label': 'Endereço do servidor',
  'sync.url.save': 'Usar este servidor',
  'sync.url.invalid':
    'Digite o endereço do servidor como https://registro.clinica.example (http apenas neste computador).',
  'sync.email': 'E-mail',
  'sync.password': 'Senha',
  'sync.signIn': 'Entrar',
  'sync.signOut': 'Sair',
  'sync.signedIn': 'Conectado como {email} ({role}).',
  'sync.signInFailed': 'Não foi possível entrar: {problem}',
  'sync.role.admin': 'administrador',
  'sync.role.clinician': 'profissional',
  'sync.role.read-only': 'somente leitura',
  'sync.phase.no_server': 'Sem servidor: o registro fica apenas neste navegador.',
  'sync.phase.signed_out': 'Desconectado: as alterações são guardadas aqui e enviadas ao entrar.',
  'sync.phase.idle': 'Em dia com o servidor.',
  'sync.phase.syncing': 'Sincronizando…',
  'sync.phase.offline': 'Sem conexão: as alterações são guardadas aqui e enviadas quando o servidor está disponível.',
  'sync.phase.unreachable':
    'Não é possível contatar o servidor: ele não responde (talvez não esteja funcionando, ou o endereço ou a rede da clínica estejam falhando). As alterações são guardadas aqui e enviadas quando ele responder; se isso se repetir, avise o administrador da clínica.',
  'sync.phase.error': 'A última sincronização não terminou: {problem}',
  'sync.lastSync': 'Última sincronização: {time}.',
  'sync.lastSync.never': 'Ainda não foi sincronizado.',
  'sync.pending': {
    none: 'Nenhuma alteração pendente de envio.',
    one: '{count} alteração pendente de envio.',
    other: '{count} alterações pendentes de envio.',
  },
  'sync.readOnly':
    'Esta conta é somente leitura: pode ler o registro da clínica, mas não alterá-lo. As alterações feitas neste computador ficam aqui e não são enviadas; um profissional ou um administrador que entre aqui as envia.',
  'sync.phase.notSent': {
    one: '{count} alteração feita aqui não enviada: sua conta é somente leitura (mantida neste computador, abaixo).',
    other:
      '{count} alterações feitas aqui não enviadas: sua conta é somente leitura (mantidas neste computador, abaixo).',
  },
  'sync.notSent.title': 'Não enviado: sua conta é somente leitura',
  'sync.notSent.help':
    'Nada se perde nem é sobrescrito: estas alterações ficam neste computador (um backup do registro as inclui). As alterações do servidor continuam chegando; uma sobre uma alteração daqui é um conflito para você resolver.',
  'sync.notSent.visit': 'Consulta de {patient}, {date}',
  'sync.notSent.patient': 'Paciente {patient}',
  'sync.notSent.deletedVisit': 'Uma consulta excluída aqui',
  'sync.notSent.deletedPatient': 'Um paciente excluído aqui',
  'sync.notSent.why': 'não enviado: sua conta é somente leitura',
  'sync.awaitingApproval': {
    one: '{count} exclusão solicitada a um administrador aguarda sua aprovação; até lá, fica mantida no servidor e nos demais computadores da clínica.',
    other:
      '{count} exclusões solicitadas a um administrador aguardam sua aprovação; até lá, ficam mantidas no servidor e nos demais computadores da clínica.',
  },
  'sync.rejected.title': 'Exclusões recusadas por um administrador',
  'sync.rejected.visit':
    'Um administrador recusou excluir a consulta de {patient} de {date}: ela está de volta neste registro.',
  'sync.rejected.patient': 'Um administrador recusou excluir o paciente {patient}: ele está de volta neste registro.',
  'sync.rejected.comment': 'O administrador escreveu: {comment}',
  'sync.rejected.dismiss': 'Lido, ocultar este aviso',
  'sync.now': 'Sincronizar agora',
  'sync.conflicts.title': 'Conflitos a resolver',
  'sync.conflicts.none': 'Não há conflitos.',
  'sync.conflict.visit': 'Consulta de {patient}, {date}',
  'sync.conflict.patient': 'Paciente {patient}',
  'sync.reason.changed': 'Modificada em outro computador enquanto também era modificada aqui.',
  'sync.reason.pulled': 'Modificada no servidor enquanto este computador tem alterações não enviadas.',
  'sync.reason.deleted': 'Excluída no servidor por um administrador enquanto era modificada aqui.',
  'sync.reason.identifier_taken': 'Outro computador criou no servidor um paciente com este identificador ({theirs}).',
  'sync.side.mine': 'Este computador ({device}), última modificação {time}: {summary}',
  'sync.side.theirs': 'O servidor da clínica ({server}), última modificação {time}: {summary}',
  'sync.phase.conflicts': {
    one: '{count} conflito a resolver: a alteração feita aqui aguarda sua decisão (abaixo) e não é enviada até lá.',
    other:
      '{count} conflitos a resolver: as alterações feitas aqui aguardam sua decisão (abaixo) e não são enviadas até lá.',
  },
  'sync.diff.title': 'O que difere:',
  'sync.diff.none':
    'Não diferem nem a data, nem o paciente, nem as notas, nem os marcadores, nem a escala, nem as fotos.',
  'sync.diff.date': 'Data: aqui {mine}; no servidor {theirs}.',
  'sync.diff.patient': 'Paciente: aqui {mine}; no servidor {theirs}.',
  'sync.diff.identifier': 'Identificador: aqui {mine}; no servidor {theirs}.',
  'sync.diff.name': 'Nome: aqui {mine}; no servidor {theirs}.',
  'sync.diff.notes': 'Notas:',
  'sync.diff.onlyMine': 'apenas aqui: {line}',
  'sync.diff.onlyTheirs': 'apenas no servidor: {line}',
  'sync.diff.emptyLine': '(uma linha vazia)',
  'sync.diff.marker.moved': '{marker} ({view}): colocado a {px} px de distância.',
  'sync.diff.marker.movedCm': '{marker} ({view}): colocado a {px} px ({cm} cm) de distância.',
  'sync.diff.marker.onlyMine': '{marker} ({view}): colocado apenas aqui.',
  'sync.diff.marker.onlyTheirs': '{marker} ({view}): colocado apenas no servidor.',
  'sync.diff.scale': 'Escala da vista {view}: aqui {mine} cm/px; no servidor {theirs} cm/px.',
  'sync.diff.scale.none': 'nenhuma',
  'sync.diff.view.onlyMine': 'A vista {view}: apenas aqui.',
  'sync.diff.view.onlyTheirs': 'A vista {view}: apenas no servidor.',
  'sync.diff.photo.only_mine': 'A foto {view}: apenas aqui.',
  'sync.diff.photo.only_theirs': 'A foto {view}: apenas no servidor.',
  'sync.diff.photo.other': 'A foto {view}: uma foto diferente em cada lado.',
  'sync.diff.photosSame': 'Fotos: as mesmas dos dois lados.',
  'sync.copy.device': 'Cópia mantida deste computador ({name}), como foi modificada ali pela última vez em {time}',
  'sync.copy.otherDevice':
    'Cópia mantida de outro computador ({name}), como foi modificada ali pela última vez em {time}',
  'sync.copy.server':
    'Cópia mantida do servidor da clínica ({name}), como foi modificada ali pela última vez em {time}',
  'sync.summary.visit': '{date}; {views}; {markers} marcadores',
  'sync.summary.patient': '{identifier} {name}',
  'sync.summary.none': 'excluída',
  'sync.keep.mine': 'Manter a minha',
  'sync.keep.theirs': 'Manter a do servidor',
  'sync.keep.both': 'Manter as duas (duas consultas)',
  'sync.keep.mineAsNew': 'Manter a minha como consulta nova',
  'sync.keep.deleteHere': 'Excluí-la também aqui',
  'sync.keep.useClinicPatient': 'Usar o paciente da clínica (as consultas deste paciente passam para ele)',
  'sync.problem.unanswered':
    'o servidor deixou uma alteração sem resposta; ela é mantida aqui e enviada na próxima sincronização.',
  'sync.problem.failed': 'algo falhou neste navegador; as alterações são mantidas aqui. Tente de novo.',
  'sync.problem.offline': 'não é possível contatar o servidor. Verifique o endereço e a conexão.',
  'sync.problem.login_failed': 'o e-mail ou a senha não estão corretos.',
  'sync.problem.account_locked':
    'a conta está bloqueada após tentativas malsucedidas demais; um administrador da clínica a desbloqueia.',
  'sync.problem.account_disabled':
    'um administrador da clínica desativou esta conta; peça a um administrador que a reative se ainda precisar dela.',
  'sync.problem.password_login_off': "esta clínica entra por meio do seu provedor: use o botão 'Entrar com'.",
  'sync.problem.sso_failed':
    'a entrada por meio do provedor não foi concluída (expirou, já tinha sido usada ou a resposta foi recusada). Tente de novo.',
  'sync.problem.sso_no_user':
    'sua conta do provedor não é um usuário do registro desta clínica; peça a um administrador da clínica que crie um usuário com o seu e-mail.',
  'sync.problem.sso_unavailable':
    'não é possível contatar agora o provedor de entrada da clínica; tente de novo em um minuto.',
  'sync.sso.signIn': 'Entrar com {provider}',
  'sync.sso.passwordAdmins': 'Entrar com senha (apenas os administradores da clínica)',
  'sync.problem.rate_limited': 'tentativas de entrada demais a partir daqui; aguarde um minuto e tente de novo.',
  'sync.problem.sign_in_invalid':
    'o servidor não consegue conferir esse e-mail e essa senha: escreva o e-mail completo (nome@clinica.example) e a senha, e tente de novo.',
  'sync.problem.change_id_reused':
    "o servidor já tinha uma alteração diferente com o identificador de uma das alterações deste dispositivo. Nada se perde: a cópia deste dispositivo é mantida aqui e enviada de novo como uma alteração nova na próxima sincronização (clique em 'Sincronizar agora'); se a cópia do servidor for diferente, você será perguntado qual manter.",
  'sync.problem.server':
    'o servidor recusou uma alteração ({type}); ela é mantida aqui e enviada na próxima sincronização. Se isso se repetir, avise o administrador da clínica.',
  'sync.problem.unavailable':
    'o servidor não pôde responder ({type}): talvez ele ou seu banco de dados não estejam funcionando. As alterações são mantidas aqui e enviadas quando ele voltar a responder; se isso se repetir, avise o administrador da clínica.',
} as const satisfies Record<keyof typeof SYNC_EN, Message>
