import type { Request, Response } from "express";
import type { UserView } from "./types.js";

export const list = (req: Request, res: Response) =>
  res.json({ search: req.query.search, tenant: req.get("X-Tenant") });
export const create = (req: Request, res: Response) => res.status(201).json(req.body);
export const show = (req: Request<{ id: string }>, res: Response<UserView>) =>
  res.json({ id: req.params.id } as UserView);
export const update = (req: Request, res: Response) => res.json({ id: req.params.id, ...req.body });
export const remove = (_req: Request, res: Response) => res.status(204).end();
