const express = require("express");
const controller = require("../items-controller");

const router = express.Router();

router.get("/", controller.list);
router.get("/:sku(\\d+)", controller.show);
router.post("/:sku/adjust", controller.adjust);

module.exports = router;
