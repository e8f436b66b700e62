// The table of scanners `e2e manifest` runs: one row per framework (or language models scanner).
// Adding a framework = one file in this folder plus one row here (README.md says how).

import type { FrameworkScanner } from "../scanner.js";
import { djangoRestScanner } from "./django-rest.js";
import { fastapiScanner } from "./fastapi.js";
import { flaskScanner } from "./flask.js";
import { springScanner } from "./spring.js";

export const scanners: readonly FrameworkScanner[] = [
  fastapiScanner as FrameworkScanner,
  flaskScanner as FrameworkScanner,
  djangoRestScanner as FrameworkScanner,
  springScanner as FrameworkScanner,
];
