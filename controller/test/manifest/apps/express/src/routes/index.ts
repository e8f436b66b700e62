import { Router } from "express";
import { adminRouter } from "./admin.js";
import { ordersRouter } from "./orders.js";
import usersRouter from "./users.js";

const api = Router();
api.use("/users", usersRouter);
api.use("/orders", ordersRouter());
api.use("/admin", adminRouter);

export default api;
