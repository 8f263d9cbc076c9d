/**
 * Splits an integer amount across weights by the largest-remainder method, so that the parts
 * always add up to the whole (no minor unit lost or invented), proportionally to the weights.
 * Ties go to the earlier weight, so the split is deterministic.
 */
export function prorate(weights: readonly number[], amount: number): number[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError('prorate needs an integer amount');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('prorate needs non-negative integer weights');
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (total === 0) {
    // Nothing to weigh by: an equal split, the remainder to the first ones.
    const base = Math.trunc(amount / weights.length);
    let rest = amount - base * weights.length;
    return weights.map(() => {
      const step = rest > 0 ? 1 : rest < 0 ? -1 : 0;
      rest -= step;
      return base + step;
    });
  }
  const sign = amount < 0 ? -1 : 1;
  const magnitude = Math.abs(amount);
  const exact = weights.map((weight) => {
    // BigInt keeps weight * amount exact however large both are.
    const product = BigInt(weight) * BigInt(magnitude);
    return { floor: Number(product / BigInt(total)), remainder: Number(product % BigInt(total)) };
  });
  let leftover = magnitude - exact.reduce((sum, part) => sum + part.floor, 0);
  const order = exact
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const parts = exact.map((part) => part.floor);
  for (const { index } of order) {
    if (leftover === 0) break;
    parts[index] += 1;
    leftover -= 1;
  }
  // Written so that a zero share stays 0, never -0 (which formats as "-£0.00").
  return sign === 1 ? parts : parts.map((part) => (part === 0 ? 0 : -part));
}
