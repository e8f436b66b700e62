// Gin and Go's net/http (SPEC §5, issue 20), on small projects written as Go services are:
// a main package, an internal router package taking groups, handlers as methods of a struct.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();
const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();
const endpoint = endpointById;

const GIN_APP = {
  "go.mod": "module github.com/acme/shop\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
  "cmd/server/main.go": `package main

import (
	"log"

	"github.com/acme/shop/internal/handlers"
	"github.com/acme/shop/internal/middleware"
	"github.com/acme/shop/internal/routes"
	"github.com/gin-gonic/gin"
)

const apiPrefix = "/api"

func main() {
	r := gin.Default()
	r.GET("/healthz", func(c *gin.Context) { c.String(200, "ok") })
	api := r.Group(apiPrefix + "/v1")
	routes.RegisterPublic(api)
	h := handlers.NewItemHandler(nil)
	private := api.Group("/", middleware.AuthRequired())
	h.Register(private)
	if err := r.Run(":8080"); err != nil {
		log.Fatal(err)
	}
}
`,
  "internal/routes/public.go": `package routes

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

type LoginRequest struct {
	Email    string \`json:"email" binding:"required,email"\`
	Password string \`json:"password" binding:"required,min=8"\`
}

type TokenResponse struct {
	Token     string \`json:"token"\`
	ExpiresIn int    \`json:"expires_in"\`
}

func RegisterPublic(rg *gin.RouterGroup) {
	auth := rg.Group("/auth")
	{
		auth.POST("/login", login)
		auth.Any("/ping", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	}
}

func login(c *gin.Context) {
	var req LoginRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, TokenResponse{Token: "t"})
}
`,
  "internal/handlers/items.go": `package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

type Item struct {
	ID       int64    \`json:"id"\`
	Name     string   \`json:"name" binding:"required,max=80"\`
	Status   string   \`json:"status" binding:"omitempty,oneof=draft live"\`
	Tags     []string \`json:"tags,omitempty"\`
	internal string
	Secret   string \`json:"-"\`
}

type ListQuery struct {
	Page  int    \`form:"page" binding:"min=1"\`
	Sort  string \`form:"sort"\`
}

type ItemHandler struct{ store any }

func NewItemHandler(store any) *ItemHandler { return &ItemHandler{store: store} }

func (h *ItemHandler) Register(rg *gin.RouterGroup) {
	items := rg.Group("/items")
	items.GET("", h.List)
	items.POST("", h.Create)
	items.GET("/:id", h.Get)
	items.Handle("DELETE", "/:id", h.Delete)
	rg.GET("/files/*filepath", h.File)
}

func (h *ItemHandler) List(c *gin.Context) {
	var q ListQuery
	_ = c.ShouldBindQuery(&q)
	c.JSON(http.StatusOK, []Item{})
}

func (h *ItemHandler) Create(c *gin.Context) {
	var item Item
	if err := c.ShouldBindJSON(&item); err != nil {
		c.AbortWithStatus(http.StatusUnprocessableEntity)
		return
	}
	c.JSON(http.StatusCreated, item)
}

func (h *ItemHandler) Get(c *gin.Context) {
	verbose := c.DefaultQuery("verbose", "false")
	_ = c.GetHeader("X-Request-ID")
	_ = verbose
	c.JSON(http.StatusOK, &Item{})
}

func (h *ItemHandler) Delete(c *gin.Context) { c.Status(http.StatusNoContent) }

func (h *ItemHandler) File(c *gin.Context) { c.File(c.Param("filepath")) }
`,
  "internal/routes/public_test.go": `package routes

import "github.com/gin-gonic/gin"

func TestLogin(t *testing.T) {
	r := gin.New()
	r.GET("/only-in-a-test", func(c *gin.Context) {})
}
`,
  "internal/middleware/auth.go": `package middleware

import "github.com/gin-gonic/gin"

func AuthRequired() gin.HandlerFunc { return func(c *gin.Context) { c.Next() } }
`,
};

describe("Gin", () => {
  it("applies group prefixes across packages, through functions and methods that take a group (not in _test.go files)", async () => {
    const s = await scan(GIN_APP);
    expect(s.frameworks).toEqual(["gin"]);
    expect(ids(s)).toEqual([
      "DELETE /api/v1/auth/ping",
      "DELETE /api/v1/items/{id}",
      "GET /api/v1/auth/ping",
      "GET /api/v1/files/{filepath}",
      "GET /api/v1/items",
      "GET /api/v1/items/{id}",
      "GET /healthz",
      "HEAD /api/v1/auth/ping",
      "OPTIONS /api/v1/auth/ping",
      "PATCH /api/v1/auth/ping",
      "POST /api/v1/auth/login",
      "POST /api/v1/auth/ping",
      "POST /api/v1/items",
      "PUT /api/v1/auth/ping",
    ]);
  });

  it("reads handlers: body and response structs, query and header reads, statuses, auth groups", async () => {
    const s = await scan(GIN_APP);
    const login = endpoint(s, "POST /api/v1/auth/login");
    expect(login.handler).toBe("login");
    expect(login.request).toBe("LoginRequest");
    expect(login.responses).toEqual([{ status: 400 }, { status: 200, dto: "TokenResponse" }]);
    expect(login.auth).toBeUndefined();
    const create = endpoint(s, "POST /api/v1/items");
    expect(create).toMatchObject({ handler: "ItemHandler.Create", request: "Item", auth: true });
    expect(create.responses).toEqual([{ status: 422 }, { status: 201, dto: "Item" }]);
    expect(endpoint(s, "GET /api/v1/items").responses).toEqual([{ status: 200, dto: "Item[]" }]);
    expect(endpoint(s, "GET /api/v1/items").params).toContainEqual({
      name: "page",
      in: "query",
      type: "integer",
      required: false,
      constraints: { minimum: 1 },
    });
    expect(endpoint(s, "GET /api/v1/items/{id}").params).toEqual([
      { name: "id", in: "path", type: "string", required: true },
      { name: "verbose", in: "query", type: "string", required: false, constraints: { default: "false" } },
      { name: "x-request-id", in: "header", type: "string", required: false },
    ]);
    const item = s.dtos.find((d) => d.name === "Item");
    expect(item?.fields).toEqual([
      { name: "id", type: "integer", required: false, constraints: {} },
      { name: "name", type: "string", required: true, constraints: { maxLength: 80 } },
      { name: "status", type: "string", required: false, constraints: { enum: ["draft", "live"] } },
      { name: "tags", type: "string[]", required: false, constraints: {} },
    ]);
    expect(s.dtos.find((d) => d.name === "LoginRequest")?.fields).toContainEqual({
      name: "email",
      type: "string",
      required: true,
      constraints: { format: "email" },
    });
  });
});

describe("Gin, router in a struct", () => {
  // The shape of crowdsec's LAPI (pkg/apiserver/controllers): the engine is a field of a
  // controller struct, routes are added in its methods, handlers are methods of another package's type.
  it("follows an engine held in a struct field through the methods of that struct", async () => {
    const s = await scan({
      "go.mod": "module example.com/lapi\n",
      "controllers/controller.go": `package controllers

import (
	v1 "example.com/lapi/controllers/v1"
	"github.com/gin-gonic/gin"
)

type Controller struct {
	Router    *gin.Engine
	HandlerV1 *v1.Controller
}

func (c *Controller) Init() error { return c.NewV1() }

func (c *Controller) NewV1() error {
	c.Router.GET("/health", func(ctx *gin.Context) {})
	groupV1 := c.Router.Group("/v1")
	groupV1.POST("/watchers", c.HandlerV1.CreateMachine)
	apiKeyAuth := groupV1.Group("")
	apiKeyAuth.Use(c.HandlerV1.APIKey.MiddlewareFunc())
	{
		apiKeyAuth.GET("/decisions", c.HandlerV1.GetDecision)
		apiKeyAuth.HEAD("/decisions", c.HandlerV1.GetDecision)
	}
	return nil
}
`,
      "controllers/v1/decisions.go": `package v1

import "github.com/gin-gonic/gin"

type Controller struct{ APIKey any }

func (c *Controller) GetDecision(gctx *gin.Context) { gctx.JSON(200, nil) }
func (c *Controller) CreateMachine(gctx *gin.Context) { gctx.Status(201) }
`,
    });
    expect(ids(s)).toEqual(["GET /health", "GET /v1/decisions", "HEAD /v1/decisions", "POST /v1/watchers"]);
    expect(endpoint(s, "GET /v1/decisions")).toMatchObject({ handler: "Controller.GetDecision", auth: true });
    expect(endpoint(s, "POST /v1/watchers").responses).toEqual([{ status: 201 }]);
  });
});

describe("net/http", () => {
  it("reads ServeMux patterns with methods and wildcards, http.HandleFunc, and a mux passed to a function", async () => {
    const s = await scan({
      "go.mod": "module example.com/todo\n\ngo 1.22\n",
      "main.go": `package main

import (
	"encoding/json"
	"net/http"
)

type Todo struct {
	ID    int    \`json:"id"\`
	Title string \`json:"title"\`
	Done  bool   \`json:"done"\`
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /todos", listTodos)
	mux.HandleFunc("POST /todos", createTodo)
	mux.HandleFunc("GET /todos/{id}", getTodo)
	mux.HandleFunc("GET /{$}", index)
	registerStatic(mux)
	http.HandleFunc("/metrics", metrics)
	http.ListenAndServe(":8080", mux)
}

func registerStatic(m *http.ServeMux) {
	m.Handle("GET /static/{path...}", http.FileServer(http.Dir("static")))
}

func listTodos(w http.ResponseWriter, r *http.Request) {
	limit := r.URL.Query().Get("limit")
	_ = limit
	json.NewEncoder(w).Encode([]Todo{})
}

func createTodo(w http.ResponseWriter, r *http.Request) {
	var t Todo
	if err := json.NewDecoder(r.Body).Decode(&t); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(t)
}

func getTodo(w http.ResponseWriter, r *http.Request) { _ = r.PathValue("id") }
func index(w http.ResponseWriter, r *http.Request)   {}
func metrics(w http.ResponseWriter, r *http.Request) {}
`,
    });
    expect(s.frameworks).toEqual(["net/http"]);
    expect(ids(s)).toEqual([
      "GET /",
      "GET /metrics",
      "GET /static/{path}",
      "GET /todos",
      "GET /todos/{id}",
      "POST /todos",
    ]);
    expect(endpoint(s, "POST /todos")).toMatchObject({ handler: "createTodo", request: "Todo" });
    expect(endpoint(s, "POST /todos").responses).toEqual([{ status: 201, dto: "Todo" }]);
    expect(endpoint(s, "GET /todos").params).toEqual([
      { name: "limit", in: "query", type: "string", required: false },
    ]);
  });
});
