import { Router } from "express";

const admin = Router();
const exportable = ["users", "orders"] as const;

// Routes registered in loops.
for (const resource of exportable) {
  admin.get(`/${resource}/export`, (_req, res) => res.attachment(`${resource}.csv`).send(""));
}

["enable", "disable"].forEach((action) => {
  admin.post("/flags/:flag/" + action, (req, res) => res.json({ flag: req.params.flag, action }));
});

export { admin as adminRouter };
