// A service that could not be had: becomes RequiredServiceError (required) or a skip reason (optional).
import { RequiredServiceError } from "./types.js";

export class ServiceFailure {
  constructor(
    readonly service: string,
    readonly required: boolean,
    readonly url: string,
    readonly lastSeen: string,
    readonly reason: string,
    readonly logTail: string[],
  ) {}

  toError(): RequiredServiceError {
    return new RequiredServiceError(this.service, this.url, this.lastSeen, this.logTail, this.reason);
  }

  /** One line for BootResult.skipped. */
  toSkipReason(): string {
    return `${this.reason} (polled ${this.url}; last seen: ${this.lastSeen})`;
  }
}
