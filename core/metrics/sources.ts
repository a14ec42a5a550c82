/**
 * Where each metric comes from (docs/metrics.md, "Sources"): the published
 * protocols the tables cite, written once and read by the tables, the API
 * document and the marking app.
 */

/** A metric the service specification names; its formula and sign are this project's decision. */
export const SPECIFICATION = 'Named by the service specification; formula and sign: this project (docs/metrics.md).'

/** A metric this project adds with no published protocol behind it. */
export const OUR_DERIVATION =
  'Our derivation (no published protocol defines it; docs/metrics.md says why it is measured).'

/** The SAPO protocol of measures, as its validation study reports it. */
export const SAPO =
  'SAPO protocol of measures (Duarte M, Ferreira EAG, Maldonado EP, Freitas AZ. Documentação sobre o SAPO. 2005); ' +
  'validation: Ferreira EAG, Duarte M, Maldonado EP, Burke TN, Marques AP. Postural assessment software (PAS/SAPO): ' +
  'validation and reliability. Clinics. 2010;65(7):675-81. doi:10.1590/S1807-59322010000700005.'

/** The craniovertebral angle (C7 spinous process, tragus, horizontal). */
export const CRANIOVERTEBRAL =
  'Craniovertebral angle: Yip CHT, Chiu TTW, Poon ATK. The relationship between head posture and severity and disability ' +
  'of patients with neck pain. Manual Therapy. 2008;13(2):148-54. doi:10.1016/j.math.2006.11.002.'

/** SAPO's validation: which kind of measure was least reliable between raters. */
export const VERTICAL_RELIABILITY =
  "In SAPO's validation (Ferreira et al. 2010), the measures that were not reliable between raters mostly used the vertical as reference."
