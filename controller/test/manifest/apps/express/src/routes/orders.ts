import express, { type Request, type Response } from "express";
import type { OrderFilter, OrderSummary } from "../types.js";
import { requireAuth } from "../middleware/auth.js";

// A router factory: the routes belong to the router it returns.
export function ordersRouter() {
  const orders = express.Router();
  orders.use(requireAuth);
  orders.get("/", (_req: Request<unknown, OrderSummary[], unknown, OrderFilter>, res: Response) =>
    res.json([]),
  );
  orders.get("/:orderId", (req, res) => res.json({ id: req.params.orderId }));
  orders.post("/:orderId/cancel", function cancelOrder(req, res) {
    res.status(202).json({ id: req.params.orderId });
  });
  return orders;
}
