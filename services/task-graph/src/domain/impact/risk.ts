// Risk of touching an issue, from how much depends on it (SPEC §2, exact thresholds).
export type RiskLevel = "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";

export function riskScore(direct: number, transitive: number, blocked: number): number {
  return direct + 0.5 * transitive + 2 * blocked;
}

export function riskLevel(score: number, blocked: number): RiskLevel {
  if (score >= 10 || blocked >= 5) return "CRITICAL";
  if (score >= 5 || blocked >= 3) return "HIGH";
  if (score >= 2 || blocked >= 1) return "MEDIUM";
  return "LOW";
}
