// Claim and release decisions on one stored issue, applied by the store in the same tick as the
// check (so concurrent claims cannot both pass it).
import {
  type ClaimOutcome,
  type ClaimRequest,
  claimHeld,
  type IssueRecord,
  type ReleaseRequest,
} from "../../ports/graph-store.js";

/** The outcome of a claim, and the record to store when it changes anything. */
export function decideClaim(
  issue: IssueRecord,
  r: ClaimRequest,
): { result: ClaimOutcome; put?: IssueRecord } {
  if (issue.status === "CLOSED") return { result: { outcome: "closed", issue } };
  if (claimHeld(issue, r.now) && issue.assignee !== r.agent) return { result: { outcome: "held", issue } };
  const put = { ...issue, assignee: r.agent, claim_expires_at: r.expires_at };
  return { result: { outcome: "claimed", issue: put }, put };
}

export function decideRelease(
  issue: IssueRecord,
  r: ReleaseRequest,
): { result: ClaimOutcome; put?: IssueRecord } {
  if (r.agent !== undefined && claimHeld(issue, r.now) && issue.assignee !== r.agent) {
    return { result: { outcome: "held", issue } };
  }
  if (!issue.assignee && !issue.claim_expires_at) return { result: { outcome: "released", issue } };
  const put = { ...issue, assignee: null, claim_expires_at: null };
  return { result: { outcome: "released", issue: put }, put };
}
