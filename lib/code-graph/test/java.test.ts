import { beforeAll, describe, expect, it } from "vitest";
import { type FixtureGraph, indexFixture } from "./helpers/fixture-graph.js";

const MODEL = "src/main/java/com/shop/model";
const REPO = "src/main/java/com/shop/repo";
const SERVICE = "src/main/java/com/shop/service";

describe("code graph of a Java project (fixtures/java)", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    g = await indexFixture("java");
  });

  it("extracts classes, records, enums, interfaces, methods, constructors, public constants and nested types", () => {
    expect(g.symbol(`${MODEL}/Order.java`, "Order")).toMatchObject({
      kind: "class",
      line: 5,
      end_line: 27,
      exported: true,
    });
    expect(g.symbol(`${MODEL}/Order.java`, "Order.total")).toMatchObject({
      kind: "method",
      line: 16,
      end_line: 18,
      signature: "public long total()",
    });
    expect(g.symbol(`${MODEL}/Order.java`, "Order.Order").signature).toBe(
      "public Order(long id, List<Long> lines)",
    );
    expect(g.symbol(`${MODEL}/Order.java`, "Order.MAX_LINES")).toMatchObject({
      kind: "variable",
      exported: true,
    });
    expect(g.symbol(`${MODEL}/Order.java`, "Order.Line")).toMatchObject({
      kind: "class",
      parent: `java:${MODEL}/Order.java#Order`,
    });
    expect(g.symbol(`${MODEL}/Status.java`, "Status")).toMatchObject({ kind: "enum", line: 3, end_line: 10 });
    expect(g.symbol(`${MODEL}/Status.java`, "Status.isFinal").kind).toBe("method");
    expect(g.symbol(`${MODEL}/Money.java`, "Money").kind).toBe("class");
    expect(g.symbol(`${REPO}/OrderRepository.java`, "OrderRepository.findOrder")).toMatchObject({
      kind: "method",
      signature: "Optional<Order> findOrder(long id)",
      exported: true,
    });
  });

  it("treats only public declarations as exported and keeps private fields out", () => {
    expect(g.symbol(`${REPO}/AuditLog.java`, "AuditLog").exported).toBe(false);
    expect(g.symbol(`${SERVICE}/OrderService.java`, "OrderService.priced").exported).toBe(false);
    expect(g.symbolsIn(`${MODEL}/Order.java`).map((s) => s.name)).not.toContain("lines");
  });

  it("resolves single-type, static and wildcard imports by declared package (a wildcard keeps the files used)", () => {
    expect(g.importsOf(`${SERVICE}/OrderService.java`)).toEqual([
      `${MODEL}/Order.java`,
      `${REPO}/OrderRepository.java`,
    ]);
    expect(g.importsOf(`${REPO}/OrderRepository.java`)).toEqual([`${MODEL}/Order.java`]);
  });

  it("resolves imported, statically imported and same-package names at 1.0", () => {
    const checkout = g.referencesFrom(`${SERVICE}/OrderService.java`, "OrderService.checkout");
    expect(checkout[`${MODEL}/Order.java#Order`]).toBe(1);
    expect(checkout[`${MODEL}/Order.java#Order.MAX_LINES`]).toBe(1);
    expect(checkout[`${SERVICE}/Pricing.java#Pricing.discount`]).toBe(1); // same package, no import
    expect(
      g.referencesFrom(`${SERVICE}/OrderService.java`, "OrderService")[
        `${REPO}/OrderRepository.java#OrderRepository`
      ],
    ).toBe(1);
  });

  it("resolves calls to methods of the same class without `this` at 0.9 and untyped receivers by unique name at 0.6", () => {
    const reprice = g.referencesFrom(`${SERVICE}/OrderService.java`, "OrderService.reprice");
    expect(reprice[`${SERVICE}/OrderService.java#OrderService.priced`]).toBe(0.9);
    expect(reprice[`${REPO}/OrderRepository.java#OrderRepository.findOrder`]).toBe(0.6);
  });

  it("links the test class to the classes it exercises", () => {
    expect(g.testedBy("src/test/java/com/shop/service/OrderServiceTest.java")).toEqual([
      `${SERVICE}/OrderService.java`,
      `${SERVICE}/Pricing.java`,
    ]);
  });
});
