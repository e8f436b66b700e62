// Kotlin imports as Kotlin means them ("Imports" in the language docs): `import a.b.C as D` makes
// `D` the file's name for `a.b.C`; `import a.b.*` brings in package `a.b` and binds no name `b`.
// Spring route paths built from constants reached through such imports must come out right.
// The package header, which qualifies the file's classes, is read past comments too.

import { describe, expect, it } from "vitest";
import { parse } from "../../../lib/code-graph/index.js";
import { extractKotlin } from "../../src/manifest/frameworks/jvm/kotlin-extract.js";
import type { SyntaxNode } from "../../src/manifest/scanner.js";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();
const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();
const KT = "src/main/kotlin/com/shop";

const SPRING_APP = {
  "build.gradle.kts": `plugins { id("org.springframework.boot") version "3.3.0"; kotlin("jvm") version "1.9.24" }
dependencies { implementation("org.springframework.boot:spring-boot-starter-web") }
`,
  [`${KT}/api/ApiPaths.kt`]: `package com.shop.api

const val HEALTH_PATH = "/health"

object ApiPaths {
    const val ORDERS = "/orders"
}
`,
  // A different object named like the alias: the alias, not this, is what the file means.
  [`${KT}/legacy/Paths.kt`]: `package com.shop.legacy

object Paths {
    const val ORDERS = "/legacy-orders"
}
`,
  [`${KT}/web/OrderController.kt`]: `package com.shop.web

import com.shop.api.ApiPaths as Paths
import com.shop.api.HEALTH_PATH as HEALTH
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping(Paths.ORDERS)
class OrderController {
    @GetMapping("/{id}")
    fun byId(): String = "order"

    @GetMapping(HEALTH)
    fun health(): String = "ok"
}
`,
};

describe("Kotlin imports in e2e manifest (Spring)", () => {
  it("resolves an object and a top-level const imported under an alias to what the alias names", async () => {
    const s = await scan(SPRING_APP);
    expect(ids(s)).toEqual(["GET /orders/health", "GET /orders/{id}"]);
  });

  it("binds the alias and no package segment for a wildcard", async () => {
    const tree = await parse(
      "package p\nimport x.y.Z as W\nimport r.s.*\nimport a.b.C\nimport /* c */ m.n.O as /* d */ P\n",
      "kotlin",
    );
    try {
      expect(extractKotlin(tree.rootNode as unknown as SyntaxNode).imports).toEqual({
        W: "x.y.Z",
        C: "a.b.C",
        P: "m.n.O",
      });
    } finally {
      tree.delete();
    }
  });

  it("reads the package past a comment in its header, as it qualifies the file's classes", async () => {
    const tree = await parse("package /* c */ com.shop.web\n\nobject Paths\n", "kotlin");
    try {
      expect(extractKotlin(tree.rootNode as unknown as SyntaxNode).package).toBe("com.shop.web");
    } finally {
      tree.delete();
    }
  });
});
