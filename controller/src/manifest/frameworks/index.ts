// The table of scanners `e2e manifest` runs: one row per framework (or language models scanner).
// Adding a framework = one file in this folder plus one row here (README.md says how).
// Frameworks come before models scanners: an inline schema's DTO wins over a same-named type.

import type { FrameworkScanner } from "../scanner.js";
import { aspnetScanner } from "./aspnet.js";
import { djangoRestScanner } from "./django-rest.js";
import { expressScanner } from "./express.js";
import { fastapiScanner } from "./fastapi.js";
import { fastifyScanner } from "./fastify.js";
import { flaskScanner } from "./flask.js";
import { ginScanner, netHttpScanner } from "./gin.js";
import { honoScanner } from "./hono.js";
import { koaScanner } from "./koa.js";
import { laravelScanner } from "./laravel.js";
import { nestjsScanner } from "./nestjs.js";
import { railsScanner } from "./rails.js";
import { springScanner } from "./spring.js";
import { typescriptModelsScanner } from "./typescript-models.js";

export const scanners: readonly FrameworkScanner[] = [
  expressScanner,
  fastifyScanner,
  koaScanner,
  honoScanner,
  nestjsScanner,
  fastapiScanner,
  flaskScanner,
  djangoRestScanner,
  springScanner,
  ginScanner,
  netHttpScanner,
  railsScanner,
  laravelScanner,
  aspnetScanner,
  // models scanners after every framework
  typescriptModelsScanner,
] as FrameworkScanner[];
