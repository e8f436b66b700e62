// time's public face: what other parts of the controller import.
export { type Clock, systemClock } from "./clock.js";
export { pollUntil } from "./poll.js";
export { Wakeup } from "./wakeup.js";
