/** Every view's metric table, the evaluation shared by all of them, which table a view uses, and value ranges. */
export { ANTERIOR_METRICS } from './anterior.js'
export { forward } from './body.js'
export { LATERAL_METRICS, type LateralContext } from './lateral.js'
export {
  type Calibration,
  type Evaluation,
  evaluate,
  type GeometryProblem,
  inRange,
  type Metric,
  type RangeInfo,
  showsSign,
  type Unit,
  VALUE_RANGES,
  type ValueRange,
} from './metric.js'
export { estimatePopliteal, type PlanePoint } from './popliteal.js'
export { POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED } from './posterior.js'
export { type AnyMetric, metricTable } from './tables.js'
