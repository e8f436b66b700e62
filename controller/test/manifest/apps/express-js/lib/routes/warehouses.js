const express = require("express");

const warehouses = express.Router();
const regions = ["eu", "us"];

regions.forEach((region) => {
  warehouses.get("/" + region, function listRegion(_req, res) {
    res.json({ region });
  });
});

exports.warehouses = warehouses;
