// Median and spread of a list of timings.

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summary(values: number[]): { median: number; min: number; max: number; runs: number[] } {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values };
}
