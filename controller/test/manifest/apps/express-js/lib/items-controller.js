exports.list = (req, res) => res.json({ warehouse: req.query.warehouse });
exports.show = (req, res) => res.json({ sku: req.params.sku });
exports.adjust = (_req, res) => res.status(202).end();
