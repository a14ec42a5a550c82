/** Every view's metric table, and the evaluation shared by all of them. */
export { ANTERIOR_METRICS } from './anterior.js'
export { POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED } from './posterior.js'
export { LATERAL_METRICS, type LateralContext } from './lateral.js'
export { estimatePopliteal, type PlanePoint } from './popliteal.js'
export { evaluate, type Calibration, type Evaluation, type GeometryProblem, type Metric, type Unit } from './metric.js'
export { forward } from './body.js'
