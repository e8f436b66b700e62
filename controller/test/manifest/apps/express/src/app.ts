import express from "express";
import { config } from "./config.js";
import api from "./routes/index.js";

export const app = express();
app.use(express.json());
app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.use(config.apiPrefix, api);
