const { Router } = require("express");
const items = require("./items");
const { warehouses } = require("./warehouses");

const router = Router();
router.use("/items", items);
router.use("/warehouses", warehouses);
module.exports = router;
