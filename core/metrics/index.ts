/** Every view's metric table, the evaluation shared by all of them, which table a view uses, and value ranges. */
export { ANTERIOR_METRICS } from './anterior.js'
export { POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED } from './posterior.js'
export { LATERAL_METRICS, type LateralContext } from './lateral.js'
export { estimatePopliteal, type PlanePoint } from './popliteal.js'
export {
  evaluate,
  inRange,
  showsSign,
  VALUE_RANGES,
  type Calibration,
  type Evaluation,
  type GeometryProblem,
  type Metric,
  type RangeInfo,
  type Unit,
  type ValueRange,
} from './metric.js'
export { forward } from './body.js'
export { metricTable, type AnyMetric } from './tables.js'
