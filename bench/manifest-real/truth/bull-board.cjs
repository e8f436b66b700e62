// bull-board's Express adapter (BENCH_APP_HOME/node_modules/@bull-board/express with
// @bull-board/api), a dashboard for Bull and BullMQ queues, set up as its README does:
// `createBullBoard({ queues: [], serverAdapter })`, the adapter's router mounted in an Express
// app (at "/", with the base path "/", as the other mounted dashboards here); no queue is
// opened. node-routes.cjs prints the route table.
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules");
const express = require(join(home, "express"));
const { createBullBoard } = require(join(home, "@bull-board/api"));
const { ExpressAdapter } = require(join(home, "@bull-board/express"));
const serverAdapter = new ExpressAdapter();
serverAdapter.setBasePath("/");
createBullBoard({ queues: [], serverAdapter });
express().use("/", serverAdapter.getRouter());
globalThis.BENCH_DUMP();
