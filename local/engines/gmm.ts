// Math's members are bound once: a global lookup per call is slow inside VM contexts (jest).
const { exp, log, max, PI } = Math;
/** A diagonal-covariance Gaussian mixture. */
export interface DiagonalGmm { weights: Float64Array; means: Float64Array[]; variances: Float64Array[] }

const VARIANCE_FLOOR = 1e-3;

/**
 * Fits a diagonal GMM by EM, starting from evenly spaced frames as means (deterministic).
 * Uses fewer components when there are few frames. Throws on an empty input.
 */
export function fitGmm(data: readonly Float64Array[], components: number, iterations = 8): DiagonalGmm {
  if (data.length === 0) throw new Error('Cannot fit a GMM to no data');
  const dim = data[0]!.length;
  const k = max(1, Math.min(components, Math.floor(data.length / (2 * dim)) || 1));
  const globalVar = new Float64Array(dim);
  const globalMean = new Float64Array(dim);
  for (const x of data) for (let d = 0; d < dim; d++) globalMean[d] += x[d]! / data.length;
  for (const x of data) for (let d = 0; d < dim; d++) globalVar[d] += (x[d]! - globalMean[d]!) ** 2 / data.length;
  let gmm: DiagonalGmm = {
    weights: new Float64Array(k).fill(1 / k),
    means: Array.from({ length: k }, (_, c) => Float64Array.from(data[Math.floor(((c + 0.5) * data.length) / k)]!)),
    variances: Array.from({ length: k }, () => globalVar.map((v) => max(v, VARIANCE_FLOOR))),
  };
  const resp = new Float64Array(k);
  for (let it = 0; it < iterations; it++) {
    const sumW = new Float64Array(k);
    const sumX = Array.from({ length: k }, () => new Float64Array(dim));
    const sumXX = Array.from({ length: k }, () => new Float64Array(dim));
    const prepared = prepare(gmm);
    for (const x of data) {
      const top = componentLogLikelihoods(prepared, x, resp);
      let total = 0;
      for (let c = 0; c < k; c++) { resp[c] = exp(resp[c]! - top); total += resp[c]!; }
      for (let c = 0; c < k; c++) {
        const r = resp[c]! / total;
        sumW[c] += r;
        const sx = sumX[c]!;
        const sxx = sumXX[c]!;
        for (let d = 0; d < dim; d++) { sx[d] += r * x[d]!; sxx[d] += r * x[d]! * x[d]!; }
      }
    }
    gmm = {
      weights: sumW.map((w) => max(w, 1e-6) / data.length),
      means: sumX.map((sx, c) => sx.map((v) => v / max(sumW[c]!, 1e-6))),
      variances: sumXX.map((sxx, c) => sxx.map((v, d) => {
        const w = max(sumW[c]!, 1e-6);
        const mean = sumX[c]![d]! / w;
        return max(v / w - mean * mean, VARIANCE_FLOOR);
      })),
    };
  }
  return gmm;
}

/** Log-likelihood of one frame under the mixture. */
export function gmmLogLikelihood(gmm: DiagonalGmm, x: Float64Array): number {
  return gmmScorer(gmm)(x);
}

/**
 * gmmLogLikelihood for many frames of one mixture: the per-component constants are computed once, not per frame
 * (the diarizer scores every speech frame of an hour under each speaker's mixture).
 */
export function gmmScorer(gmm: DiagonalGmm): (x: Float64Array) => number {
  const prepared = prepare(gmm);
  const ll = new Float64Array(gmm.weights.length);
  return (x) => {
    const top = componentLogLikelihoods(prepared, x, ll);
    let sum = 0;
    for (let c = 0; c < ll.length; c++) sum += exp(ll[c]! - top);
    return top + log(sum);
  };
}

/** A mixture's log-density as `constant[c] − Σ_d (x_d − mean_cd)² · halfPrecision_cd`. */
interface PreparedGmm { constant: Float64Array; means: Float64Array[]; halfPrecision: Float64Array[] }

function prepare(gmm: DiagonalGmm): PreparedGmm {
  const constant = gmm.weights.map((w, c) => {
    let value = log(w);
    for (const v of gmm.variances[c]!) value -= 0.5 * log(2 * PI * v);
    return value;
  });
  return { constant, means: gmm.means, halfPrecision: gmm.variances.map((variance) => variance.map((v) => 0.5 / v)) };
}

/** Each component's log-likelihood (weight included) of `x` into `out`; returns the largest. */
function componentLogLikelihoods(gmm: PreparedGmm, x: Float64Array, out: Float64Array): number {
  let top = -Infinity;
  for (let c = 0; c < out.length; c++) {
    const mean = gmm.means[c]!;
    const halfPrecision = gmm.halfPrecision[c]!;
    let distance = 0;
    for (let d = 0; d < x.length; d++) { const diff = x[d]! - mean[d]!; distance += diff * diff * halfPrecision[d]!; }
    const ll = gmm.constant[c]! - distance;
    out[c] = ll;
    if (ll > top) top = ll;
  }
  return top;
}
