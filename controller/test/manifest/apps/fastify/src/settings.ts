export const settings = {
  routes: { prefix: "/api", version: "v2" },
  port: Number(process.env.PORT ?? 8080),
};
