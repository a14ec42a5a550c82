/**
 * Marker and metric wording in Brazilian Portuguese, keyed like terms.ts (the type
 * makes a missing marker or metric a compile error). Names follow SAPO's protocol
 * (Software para Avaliação Postural; Duarte et al. 2005, Ferreira et al. 2010) where
 * it has the landmark or measure, spelt as SAPO's program shows them; the rest is our
 * translation. docs/glossary-pt-BR.md gives each term in en, es and pt-BR with its source
 * and review, and test/web/unit/i18n/glossary.test.ts holds the two together.
 */
import type { AnyMarkerName, MarkerText, MetricText, MetricTexts, Terms } from '../terms.js'

const PT_MARKERS: Record<AnyMarkerName, MarkerText> = {
  // Vista anterior
  eminencia_frontal_media: {
    label: 'Eminência frontal média',
    hint: 'Centro da testa, a meio caminho entre as sobrancelhas e a linha do cabelo.',
  },
  espina_nasal: { label: 'Espinha nasal', hint: 'Base do nariz, onde o septo nasal encontra o lábio superior.' },
  punto_mentoniano: { label: 'Mento', hint: 'Ponto mais baixo do queixo na linha média.' },
  tragus_der: {
    label: 'Trago direito',
    hint: 'Pequena cartilagem à frente do conduto auditivo direito do sujeito (à esquerda da imagem).',
  },
  tragus_izq: {
    label: 'Trago esquerdo',
    hint: 'Pequena cartilagem à frente do conduto auditivo esquerdo do sujeito (à direita da imagem).',
  },
  punto_acromion_der: {
    label: 'Acrômio direito',
    hint: 'Extremidade óssea do ombro direito do sujeito: a borda lateral do acrômio.',
  },
  punto_acromion_izq: {
    label: 'Acrômio esquerdo',
    hint: 'Extremidade óssea do ombro esquerdo do sujeito: a borda lateral do acrômio.',
  },
  escotadura_esternal: {
    label: 'Incisura jugular do esterno',
    hint: 'Reentrância da borda superior do esterno, entre as clavículas (fúrcula esternal).',
  },
  apendice_xifoides: { label: 'Processo xifoide', hint: 'Extremidade inferior do esterno.' },
  ombligo: { label: 'Umbigo', hint: 'Centro do umbigo.' },
  punto_sinfisis_pubiana: {
    label: 'Sínfise púbica',
    hint: 'Articulação entre os dois púbis na linha média, em sua borda superior.',
  },
  espina_iliaca_anterosuperior_der: {
    label: 'Espinha ilíaca ântero-superior direita',
    hint: 'Espinha ilíaca ântero-superior (EIAS) direita do sujeito: o relevo ósseo da parte da frente do quadril direito.',
  },
  espina_iliaca_anterosuperior_izq: {
    label: 'Espinha ilíaca ântero-superior esquerda',
    hint: 'Espinha ilíaca ântero-superior (EIAS) esquerda do sujeito: o relevo ósseo da parte da frente do quadril esquerdo.',
  },
  centro_rotula_der: { label: 'Ponto medial da patela direita', hint: 'Centro da patela direita do sujeito.' },
  centro_rotula_izq: { label: 'Ponto medial da patela esquerda', hint: 'Centro da patela esquerda do sujeito.' },
  tat_der: {
    label: 'Tuberosidade da tíbia direita',
    hint: 'Relevo da face anterior da tíbia direita, logo abaixo da patela (tuberosidade anterior da tíbia, TAT).',
  },
  tat_izq: {
    label: 'Tuberosidade da tíbia esquerda',
    hint: 'Relevo da face anterior da tíbia esquerda, logo abaixo da patela (tuberosidade anterior da tíbia, TAT).',
  },
  // Vista posterior
  lobulo_izq: {
    label: 'Lóbulo da orelha esquerda',
    hint: 'Ponto mais baixo do lóbulo da orelha esquerda do sujeito (à esquerda da imagem).',
  },
  lobulo_der: {
    label: 'Lóbulo da orelha direita',
    hint: 'Ponto mais baixo do lóbulo da orelha direita do sujeito (à direita da imagem).',
  },
  cervical_7: {
    label: 'Processo espinhoso C7',
    hint: 'Processo espinhoso da 7.ª vértebra cervical: o relevo mais proeminente na base do pescoço.',
  },
  toracica_3: {
    label: 'Processo espinhoso T3',
    hint: 'Processo espinhoso da 3.ª vértebra torácica: conte para baixo a partir de C7. A raiz da espinha da escápula apenas orienta.',
  },
  toracica_7: {
    label: 'Processo espinhoso T7',
    hint: 'Processo espinhoso da 7.ª vértebra torácica: conte para baixo a partir de C7. O ângulo inferior da escápula apenas orienta (em média fica na altura de T8).',
  },
  toracica_12: {
    label: 'Processo espinhoso T12',
    hint: 'Processo espinhoso da 12.ª vértebra torácica, onde se articulam as últimas costelas: conte para baixo a partir de C7.',
  },
  lumbar_5: { label: 'Processo espinhoso L5', hint: 'Processo espinhoso da 5.ª vértebra lombar, logo acima do sacro.' },
  espina_iliaca_posterosuperior_izq: {
    label: 'Espinha ilíaca póstero-superior esquerda',
    hint: 'Espinha ilíaca póstero-superior (EIPS) esquerda do sujeito: o relevo ósseo sob a covinha do lado esquerdo do sacro (procure-o pela palpação se não houver covinha visível).',
  },
  espina_iliaca_posterosuperior_der: {
    label: 'Espinha ilíaca póstero-superior direita',
    hint: 'Espinha ilíaca póstero-superior (EIPS) direita do sujeito: o relevo ósseo sob a covinha do lado direito do sacro (procure-o pela palpação se não houver covinha visível).',
  },
  popliteo_izq: {
    label: 'Ponto poplíteo esquerdo',
    hint: 'Centro da prega da face posterior do joelho esquerdo (fossa poplítea).',
  },
  popliteo_der: {
    label: 'Ponto poplíteo direito',
    hint: 'Centro da prega da face posterior do joelho direito (fossa poplítea).',
  },
  aquiles_izq: {
    label: 'Tendão de Aquiles esquerdo',
    hint: 'Ponto sobre a linha média do tendão de Aquiles (tendão do calcâneo) esquerdo, na altura média dos dois maléolos.',
  },
  aquiles_der: {
    label: 'Tendão de Aquiles direito',
    hint: 'Ponto sobre a linha média do tendão de Aquiles (tendão do calcâneo) direito, na altura média dos dois maléolos.',
  },
  calcaneo_izq: {
    label: 'Calcâneo esquerdo',
    hint: 'Linha média do calcâneo (calcanhar) esquerdo, perto de sua extremidade inferior.',
  },
  calcaneo_der: {
    label: 'Calcâneo direito',
    hint: 'Linha média do calcâneo (calcanhar) direito, perto de sua extremidade inferior.',
  },
  // Vista lateral
  tragus: { label: 'Trago', hint: 'Pequena cartilagem à frente do conduto auditivo.' },
  apex_cervical: {
    label: 'Processo espinhoso C7',
    hint: 'Processo espinhoso de C7, o relevo mais proeminente na base da nuca, visto de perfil (o vértice do ângulo craniovertebral); não o ponto mais profundo da curva do pescoço.',
  },
  punto_acromion: {
    label: 'Acrômio',
    hint: 'Extremidade óssea do ombro do lado da câmera: a borda lateral do acrômio.',
  },
  punto_epicondilo: { label: 'Epicôndilo lateral', hint: 'Relevo ósseo da face lateral do cotovelo.' },
  base_3er_metacarpiano: {
    label: 'Base do 3.º metacarpo',
    hint: 'Dorso da mão, na base do osso do dedo médio, perto do punho.',
  },
  apex_lumbar: { label: 'Ápice lombar', hint: 'Ponto mais profundo da curva lombar, visto de perfil.' },
  trocanter_mayor: { label: 'Trocânter maior do fêmur', hint: 'Relevo ósseo da face lateral do quadril.' },
  tuberculo_condilo_externo: {
    label: 'Côndilo lateral do fêmur',
    hint: 'Relevo ósseo da face lateral do joelho, na altura da interlinha articular.',
  },
  borde_anterior_maleolo: {
    label: 'Maléolo lateral (borda anterior)',
    hint: 'Borda anterior do maléolo lateral, na face lateral do tornozelo.',
  },
}

const plumb = (what: string, label: string): MetricText => ({
  label: `${label}: distância à linha`,
  meaning: `Positivo: ${what} fica à direita do sujeito em relação à linha de referência; negativo: à sua esquerda.`,
})

const VALGO = 'Positivo: calcâneo em valgo (sua extremidade inferior, lateral ao eixo da perna); negativo: em varo.'

const CONFIABILIDADE_VERTICAL =
  'Na validação do SAPO (Ferreira et al. 2010), as medidas pouco confiáveis entre avaliadores usavam sobretudo a vertical como referência.'

const PT_METRICS: MetricTexts = {
  anterior: {
    head_angle: {
      label: 'Alinhamento horizontal da cabeça',
      meaning: 'Positivo: cabeça inclinada para a direita do sujeito (trago direito mais baixo); 0: nivelada.',
    },
    dist_eminencia_frontal: plumb('a eminência frontal média', 'Eminência frontal média'),
    dist_espina_nasal: plumb('a espinha nasal', 'Espinha nasal'),
    dist_punto_mentoniano: plumb('o mento', 'Mento'),
    trunk_angle: {
      label: 'Inclinação do tronco',
      meaning:
        'Positivo: tronco inclinado para a direita do sujeito (incisura jugular à direita da sínfise púbica); 0: vertical.',
    },
    pelvis_angle: {
      label: 'Alinhamento horizontal das espinhas ilíacas ântero-superiores',
      meaning: 'Positivo: EIAS direita mais baixa que a esquerda; 0: nivelada.',
    },
    q_angle_right: {
      label: 'Ângulo Q direito',
      meaning:
        'Positivo: a tuberosidade da tíbia fica lateral à linha da coxa (o ângulo Q em valgo habitual, em geral entre +10 e +20); negativo: medial.',
    },
    q_angle_left: {
      label: 'Ângulo Q esquerdo',
      meaning:
        'Positivo: a tuberosidade da tíbia fica lateral à linha da coxa (o ângulo Q em valgo habitual, em geral entre +10 e +20); negativo: medial.',
    },
    shoulder_angle: {
      label: 'Alinhamento horizontal dos acrômios',
      meaning: 'Positivo: acrômio direito mais baixo que o esquerdo (ombro direito deprimido); 0: nivelados.',
      note: 'Publicado: em 115 adultos jovens, 68 % tinham os ombros inclinados para a direita; pequenas assimetrias são a norma (Ferreira et al. 2011, doi:10.1016/j.jmpt.2011.05.018).',
    },
    shoulder_pelvis_angle: {
      label: 'Ângulo entre os dois acrômios e as duas espinhas ilíacas ântero-superiores',
      meaning:
        'Positivo: a linha da pelve desce para a direita do sujeito mais que a dos ombros (o lado direito do tronco, do acrômio à EIAS, é o mais alto); negativo: para a esquerda; 0: linhas paralelas.',
    },
    tibial_tuberosity_angle: {
      label: 'Alinhamento horizontal das tuberosidades das tíbias',
      meaning: 'Positivo: tuberosidade da tíbia direita mais baixa que a esquerda; 0: niveladas.',
    },
    dist_apendice_xifoides: plumb('o processo xifoide', 'Processo xifoide'),
    dist_ombligo: plumb('o umbigo', 'Umbigo'),
  },
  posterior: {
    calcaneo_angle_left: { label: 'Ângulo perna/retropé esquerdo', meaning: VALGO },
    calcaneo_angle_right: { label: 'Ângulo perna/retropé direito', meaning: VALGO },
    coronal_balance_c7: plumb('o processo espinhoso de C7', 'Equilíbrio coronal em C7'),
    coronal_balance_t7: plumb('o processo espinhoso de T7', 'Equilíbrio coronal em T7'),
    coronal_balance_l5: plumb('o processo espinhoso de L5', 'Equilíbrio coronal em L5'),
    pelvis_angle: {
      label: 'Alinhamento horizontal das espinhas ilíacas póstero-superiores',
      meaning: 'Positivo: EIPS direita mais baixa que a esquerda; 0: nivelada.',
    },
    head_angle: {
      label: 'Alinhamento horizontal dos lóbulos das orelhas',
      meaning: 'Positivo: cabeça inclinada para a direita do sujeito (lóbulo direito mais baixo); 0: nivelada.',
    },
    coronal_balance_t3: plumb('o processo espinhoso de T3', 'Equilíbrio coronal em T3'),
    coronal_balance_t12: plumb('o processo espinhoso de T12', 'Equilíbrio coronal em T12'),
  },
  lateral: {
    head_angle_horizontal: {
      label: 'Alinhamento horizontal da cabeça (C7)',
      meaning: 'O ângulo craniovertebral. Maior: cabeça mais ereta; menor: cabeça mais anteriorizada.',
      note: 'Publicado: 47,4 ± 5,2 graus em adolescentes de 15 a 17 anos, em pé (Ruivo et al. 2014, doi:10.1590/bjpt-rbf.2014.0027).',
    },
    trunk_angle_vertical: {
      label: 'Alinhamento vertical do tronco',
      meaning:
        'Positivo: acrômio à frente do trocânter maior (tronco inclinado para a frente); negativo: inclinado para trás.',
    },
    elbow_angle: {
      label: 'Ângulo do cotovelo',
      meaning: 'Ângulo na face anterior do braço: 180 estendido, menos de 180 em flexão, mais de 180 em hiperextensão.',
    },
    knee_angle: {
      label: 'Ângulo do joelho',
      meaning:
        'Ângulo na face posterior da perna: 180 estendido, menos de 180 em flexão, mais de 180 em hiperextensão (recurvato).',
    },
    head_angle_vertical: {
      label: 'Alinhamento vertical da cabeça (acrômio)',
      meaning:
        'Positivo: trago à frente do acrômio (cabeça anteriorizada em relação ao ombro); negativo: atrás; 0: na mesma vertical.',
      note: CONFIABILIDADE_VERTICAL,
    },
    hip_angle: {
      label: 'Ângulo do quadril (tronco e coxa)',
      meaning:
        'Ângulo na face anterior do quadril, entre tronco e coxa: 180 estendido, menos de 180 em flexão, mais de 180 em extensão.',
    },
    ankle_angle: {
      label: 'Ângulo do tornozelo',
      meaning:
        'Ângulo da perna sobre o chão, pela frente: 90 perna vertical, menos de 90 joelho à frente do tornozelo, mais de 90 atrás.',
    },
    body_angle_vertical: {
      label: 'Alinhamento vertical do corpo',
      meaning:
        'Positivo: acrômio à frente do tornozelo (o corpo todo inclinado para a frente); negativo: para trás; 0: na mesma vertical.',
      note: CONFIABILIDADE_VERTICAL,
    },
    dist_apex_lumbar: {
      label: 'Ápice lombar: distância à linha',
      meaning: 'Positivo: o ápice lombar fica à frente da linha de referência; negativo: atrás.',
    },
  },
}

export const PT_TERMS: Terms = { markers: PT_MARKERS, metrics: PT_METRICS }
