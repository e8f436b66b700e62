// MailDev 2 (BENCH_APP_HOME/node_modules/maildev): its bin with its own options, both servers on
// loopback port 0, mails in the scratch folder; node-routes.cjs prints the route table when
// the web server starts listening (nothing is served, no mail is received).
const { join } = require("node:path");
process.argv = [
  process.argv[0],
  "maildev",
  "--smtp",
  "0",
  "--ip",
  "127.0.0.1",
  "--web",
  "0",
  "--web-ip",
  "127.0.0.1",
  "--mail-directory",
  join(process.cwd(), "maildev-mail"),
];
require(join(process.env.BENCH_APP_HOME, "node_modules/maildev/bin/maildev"));
