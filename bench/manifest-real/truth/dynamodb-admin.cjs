// dynamodb-admin (BENCH_APP_HOME/node_modules/dynamodb-admin), a web GUI for DynamoDB Local:
// `createServer({ dynamoDbClient })` as its README's "Use as a library" builds it, the client
// pointed at a loopback port where nothing listens (no table is read while the routes are
// built); node-routes.cjs prints the route table.
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules");
const { DynamoDBClient } = require(join(home, "@aws-sdk/client-dynamodb"));
const { createServer } = require(join(home, "dynamodb-admin"));
const dynamoDbClient = new DynamoDBClient({
  endpoint: "http://127.0.0.1:9",
  region: "local",
  credentials: { accessKeyId: "bench", secretAccessKey: "bench" },
});
createServer({ dynamoDbClient });
globalThis.BENCH_DUMP();
