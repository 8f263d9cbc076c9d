// Latency summaries: exact percentiles (nearest rank) from every request's latency in ms.

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarise(latenciesMs) {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

export const round = (value, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? null : Number(value.toFixed(digits)));
