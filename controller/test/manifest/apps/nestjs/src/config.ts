export default () => ({
  apiPrefix: process.env.API_PREFIX || "api",
});

export const API_PREFIX = process.env.API_PREFIX ?? "api";
