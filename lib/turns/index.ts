export { nextTurn, Yielder } from "./yielder.js";
