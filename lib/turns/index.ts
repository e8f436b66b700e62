export { nextTurn, STEPS_PER_LOOK, Yielder } from "./yielder.js";
