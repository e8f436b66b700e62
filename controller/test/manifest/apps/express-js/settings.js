module.exports = {
  port: process.env.PORT || 4000,
  mountPath: "/inventory",
};
