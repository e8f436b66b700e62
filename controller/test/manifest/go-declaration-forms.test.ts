// Go declarations the manifest reads through lib/code-graph's shared reader
// (syntax/go-declaration-syntax.ts): a parenthesised receiver type (`func (h (*Handler)) M()`,
// valid Go) names the same type as `*Handler`, and a struct alias (`type T = struct{…}`) is a
// struct whose fields a handler binds; a generic receiver (`*Pages[T]`) belongs to `Pages`.

import { describe, expect, it } from "vitest";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const APP = {
  "go.mod": "module example.com/forms\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
  "main.go": `package main

import "github.com/gin-gonic/gin"

type Handler struct{}

type CreateItem = struct {
	Name string \`json:"name" binding:"required"\`
}

func (h (*Handler)) Register(rg *gin.RouterGroup) {
	rg.GET("/items/:id", h.Get)
	rg.POST("/items", h.Create)
}

func (h (*Handler)) Get(c *gin.Context) { c.Status(204) }

func (h *Handler) Create(c *gin.Context) {
	var body CreateItem
	_ = c.ShouldBindJSON(&body)
	c.Status(201)
}

type Pages[T any] struct{ items []T }

func (p *Pages[T]) Register(rg *gin.RouterGroup) { rg.GET("/pages", p.List) }

func (p *Pages[T]) List(c *gin.Context) { c.Status(206) }

func main() {
	r := gin.Default()
	h := &Handler{}
	h.Register(r.Group("/api"))
	pages := &Pages[string]{}
	pages.Register(r.Group("/v2"))
	_ = r.Run()
}
`,
};

describe("Go declaration forms in a Gin app", () => {
  it("follows methods whose receiver type is in parentheses like any other method", async () => {
    const s = await scan(APP);
    expect(s.endpoints.map((e) => e.id).sort()).toEqual([
      "GET /api/items/{id}",
      "GET /v2/pages",
      "POST /api/items",
    ]);
    expect(endpointById(s, "GET /api/items/{id}")).toMatchObject({
      handler: "Handler.Get",
      responses: [{ status: 204 }],
    });
  });

  it("names a generic type's method by its type, without the type parameters", async () => {
    const s = await scan(APP);
    expect(endpointById(s, "GET /v2/pages")).toMatchObject({
      handler: "Pages.List",
      responses: [{ status: 206 }],
    });
  });

  it("reads a struct declared as an alias as the request body's DTO", async () => {
    const s = await scan(APP);
    expect(endpointById(s, "POST /api/items").request).toBe("CreateItem");
    expect(s.dtos.find((d) => d.name === "CreateItem")?.fields).toEqual([
      { name: "name", type: "string", required: true, constraints: {} },
    ]);
  });
});
