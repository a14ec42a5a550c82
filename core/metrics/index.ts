/** Every view's metric table, the evaluation shared by all of them, which table a view uses, value ranges, and published repeatability. */
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
export {
  judgingPublication,
  PUBLISHED_REPEATABILITY,
  type PublishedRepeatability,
  publishedRepeatability,
  type StudyDesign,
} from './repeatability.js'
export { type AnyMetric, metricTable } from './tables.js'
