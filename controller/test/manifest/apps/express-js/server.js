const express = require("express");
const passport = require("passport");
const settings = require("./settings");
const routes = require("./lib/routes");

const app = express();
app.use(express.json());
app.use(settings.mountPath, passport.authenticate("bearer", { session: false }), routes);
app.listen(settings.port);
