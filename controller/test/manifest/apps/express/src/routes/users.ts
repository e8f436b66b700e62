import { Router } from "express";
import { validate, validateQuery } from "../middleware/validate.js";
import { CreateUserSchema, ListQuerySchema, UpdateUserSchema } from "../schemas.js";
import * as users from "../users-controller.js";

const router = Router();

router.get("/", validateQuery(ListQuerySchema), users.list);
router.post("/", validate(CreateUserSchema), users.create);
// One path, three methods.
router.route("/:id").get(users.show).put(validate(UpdateUserSchema), users.update).delete(users.remove);

export default router;
