// s3rver's Koa app (BENCH_APP_HOME/node_modules/s3rver, lib/s3rver.js: the S3rver class is the
// Koa app, built as its bin builds it) with its files in the scratch cwd and logging off; the
// constructor uses the @koa/router of lib/routes.js, whose stack node-routes.cjs prints (nothing
// is served).
const { join } = require("node:path");
const S3rver = require(join(process.env.BENCH_APP_HOME, "node_modules/s3rver/lib/s3rver.js"));
new S3rver({ directory: join(process.cwd(), "s3rver-data"), silent: true });
globalThis.BENCH_DUMP();
