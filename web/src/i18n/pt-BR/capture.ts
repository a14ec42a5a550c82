/**
 * The capture screen and the calibration by the subject's height (capture.ts) in
 * Brazilian Portuguese. The `satisfies` clause makes a missing key a compile error.
 */
import type { CAPTURE_EN } from '../capture.js'

export const CAPTURE_PT = {
  'capture.button': 'Tirar foto',
  'capture.button.title':
    'Tirar a foto com a câmera deste dispositivo, com nível, fio de prumo e verificação do enquadramento (a imagem não sai do navegador)',
  'capture.title': 'Tirar foto: vista {view}',
  'capture.close': 'Fechar',
  'capture.camera': 'Câmera',
  'capture.cameraNumber': 'Câmera {number}',
  'capture.shoot': 'Disparar',
  'capture.shoot.title': 'Tirar a foto agora (Espaço)',
  'capture.timer': 'Em 3 s',
  'capture.timer.title': 'Tirar a foto daqui a 3 segundos (T)',
  'capture.auto': 'Disparar sozinha quando tudo estiver certo e a pessoa estiver parada',
  'capture.countdown': 'Foto em {seconds} s',
  'capture.protocol': 'Protocolo da foto',
  'capture.starting': 'Ligando a câmera…',
  'capture.guides':
    'Guias: a linha vertical é o fio de prumo (será a linha de referência; verde quando a câmera está nivelada); a pessoa de pé dentro do quadro tracejado, com os pés sobre a linha amarela do chão.',
  'capture.level.noSensor':
    'Este dispositivo não informa sua inclinação (sem sensor de orientação): alinhe a câmera com o fio de prumo, paralela a batentes de portas ou arestas de paredes.',
  'capture.level.waiting': 'Lendo o nível…',
  'capture.level.ok': 'Nivelada: rotação {roll}°, inclinação {pitch}° (dentro de {tolerance}°).',
  'capture.level.tilted': 'Fora de nível: rotação {roll}°, inclinação {pitch}°. Mantenha ambas dentro de {tolerance}°.',
  'capture.level.turn.clockwise': 'Gire o dispositivo no sentido horário.',
  'capture.level.turn.counterclockwise': 'Gire o dispositivo no sentido anti-horário.',
  'capture.level.aim.down': 'Aponte a câmera mais para baixo.',
  'capture.level.aim.up': 'Aponte a câmera mais para cima.',
  'capture.level.takenTilted':
    'A foto foi tirada com a câmera inclinada (rotação {roll}°, inclinação {pitch}°): os ângulos em relação à vertical podem se desviar outro tanto.',
  'capture.problem.insecure':
    'A câmera só funciona em uma página segura: abra o aplicativo por HTTPS, ou neste computador em http://localhost (veja “HTTPS para a câmera” em docs/deploy.md). Esta página é {origin}. “Abrir foto” continua funcionando.',
  'capture.problem.noApi':
    'Este navegador não dá acesso à câmera às páginas web. Use “Abrir foto” com uma imagem feita de outro modo.',
  'capture.problem.permission':
    'A permissão da câmera foi negada. Permita a câmera para este site nas configurações do navegador e tente de novo; ou use “Abrir foto”.',
  'capture.problem.noCamera': 'Nenhuma câmera foi encontrada. Conecte uma e tente de novo, ou use “Abrir foto”.',
  'capture.problem.busy':
    'Não foi possível ligar a câmera: talvez outro programa a esteja usando. Feche-o e tente de novo, ou use “Abrir foto”.',
  'capture.problem.failed': 'Não foi possível ligar a câmera. Use “Abrir foto”.',
  'capture.retry': 'Tentar de novo',
  'capture.framing.title': 'Enquadramento',
  'capture.framing.waiting': 'Verificando o enquadramento…',
  'capture.framing.unavailable':
    'A verificação do enquadramento não está disponível: {reason} Enquadre o corpo com as guias.',
  'capture.check.person.ok': 'Há uma pessoa na imagem.',
  'capture.check.person.no': 'Ninguém foi encontrado na imagem.',
  'capture.check.wholeBody.ok': 'O corpo inteiro está no enquadramento, da cabeça aos pés.',
  'capture.check.wholeBody.no':
    'Não cabe inteiro, fica de fora: {parts}. Afaste-se ou aponte a câmera para que a cabeça e os dois pés fiquem dentro.',
  'capture.part.head': 'a cabeça',
  'capture.part.leftFoot': 'o pé esquerdo',
  'capture.part.rightFoot': 'o pé direito',
  'capture.part.feet': 'os pés',
  'capture.part.and': ' e ',
  'capture.check.facing.ok': 'Orientada como a vista pede: {expected}.',
  'capture.check.facing.no': 'Orientada ao contrário: parece {seen}, a vista pede {expected}.',
  'capture.check.facing.unknown': 'Não dá para distinguir para onde a pessoa olha; a vista pede {expected}.',
  'capture.check.distance.ok': 'Boa distância: o corpo ocupa {percent} % da altura.',
  'capture.check.distance.closer':
    'O corpo aparece pequeno demais: ocupa {percent} % da altura, procure {min}-{max} %. Escolha acima uma câmera de 2x, ou aproxime-se.',
  'capture.check.distance.farther':
    'Perto demais: o corpo ocupa {percent} % da altura. Afaste-se até que ocupe {min}-{max} %.',
  'capture.check.centred.ok': 'Centralizada no fio de prumo.',
  'capture.check.centred.no': 'Descentralizada: mova a câmera para que o fio de prumo passe pelo centro do corpo.',
  'capture.holdStill': 'Parada: a foto é tirada sozinha.',
  'capture.taken': 'Foto tirada ({width} × {height} px); a linha de referência está no fio de prumo.',
  'capture.failed': 'Não foi possível tirar a foto. Tente de novo.',
  'capture.tilt.roll':
    'O dispositivo estava girado {roll}° (limite {tolerance}°): os ângulos frontais podem se desviar outro tanto.',
  'capture.tilt.pitchUp':
    'A câmera apontava {pitch}° para cima (limite {tolerance}°): as verticais convergem na imagem e as alturas encurtam.',
  'capture.tilt.pitchDown':
    'A câmera apontava {pitch}° para baixo (limite {tolerance}°): as verticais convergem na imagem e as alturas encurtam.',
  'capture.keep.title': 'A câmera não estava nivelada',
  'capture.keep.question': '{tilt} Manter a foto ou repeti-la?',
  'capture.keep.yes': 'Manter a foto',
  'capture.keep.retake': 'Repetir a foto',

  'conditions.camera': 'Foto tirada com a câmera, {width} × {height} px',
  'conditions.file': 'Foto aberta de um arquivo',
  'conditions.level': 'rotação {roll}°, inclinação {pitch}° (limite {tolerance}°)',
  'conditions.noSensor': 'sem sensor de nível',
  'conditions.scale.length': 'escala: um comprimento conhecido',
  'conditions.scale.stature': 'escala: a estatura do sujeito',
  'conditions.scale.typed': 'escala: fc digitado à mão',
  'conditions.scale.none': 'ainda sem escala',
  'conditions.scale.cm': '{method} ({cm} cm)',
  'conditions.keptTilted': 'Foi mantida mesmo assim.',
  'file.capture.notObject': '{where} deve ser um objeto (como a foto foi tirada com a câmera).',
  'file.capture.source': '{where} deve ser "camera"; foi encontrado {got}.',
  'file.capture.pixels': '{where} deve ser um número inteiro de pixels maior que 0; foi encontrado {got}.',
  'file.capture.time': '{where} deve ser uma data e hora ISO como "2026-04-14T10:30:00Z"; foi encontrado {got}.',
  'file.capture.angle':
    '{where} deve ser um número de graus entre −180 e 180, ou null se o dispositivo não deu leitura; foi encontrado {got}.',
  'file.capture.missing': 'Falta {where}.',

  'calibration.byHeight': 'Escala pela estatura do sujeito (menos exata)',
  'calibration.byHeight.help':
    'Digite a estatura medida em pé e marque na foto o ponto mais alto da cabeça e o chão sob os calcanhares. Menos exata que um comprimento conhecido ao lado do sujeito: o cabelo, a postura e a linha do chão acrescentam cerca de {u} cm.',
  'calibration.stature': 'Estatura do sujeito',
  'calibration.stature.placeholder': 'p. ex. 170',
  'calibration.invalidStature': 'A estatura deve ser um número de centímetros maior que 0.',
  'target.vertex.label': 'Ponto mais alto da cabeça',
  'target.vertex.hint': 'O ponto mais alto do crânio (vértex), através do cabelo.',
  'target.floor.label': 'Chão sob os calcanhares',
  'target.floor.hint': 'Onde os calcanhares pisam o chão.',
} satisfies Record<keyof typeof CAPTURE_EN, string>
