import { beforeAll, describe, expect, it } from "vitest";
import { extractFacts } from "../index.js";
import { type FixtureGraph, indexFixture } from "./helpers/fixture-graph.js";

const MAIN = "src/main/kotlin/com/shop";

describe("code graph of a Kotlin project (fixtures/kotlin)", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    g = await indexFixture("kotlin");
  });

  it("extracts classes, data and enum classes, interfaces, objects, companion objects, functions and constants", () => {
    expect(g.symbol(`${MAIN}/model/Order.kt`, "Order")).toMatchObject({
      kind: "class",
      line: 5,
      end_line: 7,
    });
    expect(g.symbol(`${MAIN}/model/Order.kt`, "Order.pay")).toMatchObject({
      kind: "method",
      signature: "fun pay(): Order",
    });
    expect(g.symbol(`${MAIN}/model/Order.kt`, "Status").kind).toBe("enum");
    expect(g.symbol(`${MAIN}/model/Order.kt`, "OrderRepository").kind).toBe("interface");
    expect(g.symbol(`${MAIN}/api/OrderController.kt`, "OrderController.get")).toMatchObject({
      kind: "method",
      line: 8,
      end_line: 9,
      signature: '@GetMapping("/orders/{id}") fun get(@PathVariable id: Long): Order?',
    });
    expect(g.symbol(`${MAIN}/api/OrderController.kt`, "OrderController.Companion.PREFIX").kind).toBe(
      "variable",
    );
    expect(g.symbol(`${MAIN}/api/OrderController.kt`, "Routes").kind).toBe("class");
  });

  it("resolves imports by declared package, through an alias, and same-package names without import", () => {
    expect(g.importsOf(`${MAIN}/api/OrderController.kt`)).toEqual([`${MAIN}/model/Order.kt`]);
    const get = g.referencesFrom(`${MAIN}/api/OrderController.kt`, "OrderController.get");
    expect(get[`${MAIN}/model/Order.kt#Order`]).toBe(1);
    expect(
      g.referencesFrom(`${MAIN}/api/OrderController.kt`, "OrderController")[
        `${MAIN}/model/Order.kt#OrderRepository`
      ],
    ).toBe(1);
    const test = g.referencesFrom(
      "src/test/kotlin/com/shop/api/OrderControllerTest.kt",
      "OrderControllerTest.listsTheOrdersRoute",
    );
    expect(test[`${MAIN}/api/OrderController.kt#Routes.all`]).toBe(1);
  });

  it("resolves calls to members of the same class without `this` at 0.9", () => {
    expect(
      g.referencesFrom(`${MAIN}/api/OrderController.kt`, "OrderController.pay")[
        `${MAIN}/api/OrderController.kt#OrderController.get`
      ],
    ).toBe(0.9);
  });

  it("reads the package past a comment in its header (the package scopes the file's names)", async () => {
    const facts = await extractFacts("package /* c */ com.shop.api\n\nclass A\n", "kotlin");
    expect(facts.packageName).toBe("com.shop.api");
  });

  it("links the test class to the code it exercises", () => {
    expect(g.testedBy("src/test/kotlin/com/shop/api/OrderControllerTest.kt")).toEqual([
      `${MAIN}/api/OrderController.kt`,
    ]);
  });
});
