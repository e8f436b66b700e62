// ASP.NET Core (SPEC §5, issue 20): controllers and minimal APIs written as Microsoft's tutorials
// and templates write them; the expected routes follow ASP.NET Core's attribute-routing rules
// (tokens, `~/` overrides, inherited [Route], constraints) and MapGroup prefixes.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();
const table = (s: ServiceManifest) =>
  s.endpoints.map((e) => `${e.id} ${e.handler}${e.auth ? " auth" : ""}`).sort();
const endpoint = endpointById;

const APP = {
  "TodoApi.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
  "Controllers/ApiControllerBase.cs": `using Microsoft.AspNetCore.Mvc;

namespace TodoApi.Controllers;

[ApiController]
[Route("api/v1/[controller]")]
public abstract class ApiControllerBase : ControllerBase
{
}
`,
  "Controllers/TodoItemsController.cs": `using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using TodoApi.Models;

namespace TodoApi.Controllers;

[Authorize]
public class TodoItemsController : ApiControllerBase
{
    [HttpGet]
    [AllowAnonymous]
    public async Task<ActionResult<IEnumerable<TodoItemDTO>>> GetTodoItems([FromQuery] int page = 1, [FromQuery(Name = "q")] string? search = null)
    {
        return Ok();
    }

    [HttpGet("{id:long}")]
    [ProducesResponseType(typeof(TodoItemDTO), StatusCodes.Status200OK)]
    [ProducesResponseType(StatusCodes.Status404NotFound)]
    public async Task<ActionResult<TodoItemDTO>> GetTodoItem(long id, [FromHeader(Name = "X-Request-Id")] string? requestId)
    {
        return NotFound();
    }

    [HttpPost]
    [ProducesResponseType(StatusCodes.Status201Created)]
    public async Task<ActionResult<TodoItemDTO>> PostTodoItem(CreateTodoItem todoDTO, CancellationToken ct)
    {
        return CreatedAtAction(nameof(GetTodoItem), new { id = 1 }, null);
    }

    [HttpPut("{id}")]
    public async Task<IActionResult> PutTodoItem(long id, [FromBody] CreateTodoItem todoDTO) => NoContent();

    [HttpDelete("~/api/admin/todos/{id:guid}")]
    public IActionResult DeleteTodoItem(Guid id) => NoContent();

    [HttpPost("[action]")]
    public IActionResult ArchiveAsync() => Ok();

    private bool TodoItemExists(long id) => false;
}
`,
  "Areas/Billing/Controllers/InvoicesController.cs": `using Microsoft.AspNetCore.Mvc;

namespace TodoApi.Areas.Billing.Controllers;

[Area("Billing")]
[Route("[area]/[controller]")]
public class InvoicesController : Controller
{
    [HttpGet("{number}")]
    public IActionResult Show(string number) => View();
}
`,
  "Models/TodoItemDTO.cs": `using System.ComponentModel.DataAnnotations;
using System.Text.Json.Serialization;

namespace TodoApi.Models;

public record TodoItemDTO(long Id, string? Name, bool IsComplete, Priority Priority);

public enum Priority { Low, Normal, High }

public class CreateTodoItem
{
    [Required]
    [StringLength(100, MinimumLength = 3)]
    public string Name { get; set; } = "";

    [Range(1, 5)]
    public int? Stars { get; set; }

    [JsonPropertyName("due_at")]
    public DateTime? DueAt { get; set; }

    public required List<string> Tags { get; init; }

    internal string Secret { get; set; } = "";
}
`,
  "Program.cs": `using TodoApi.Endpoints;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
var app = builder.Build();

app.MapGet("/health", () => Results.Ok()).AllowAnonymous();
var api = app.MapGroup("/api/v2").RequireAuthorization();
api.MapTodoEndpoints();
app.MapControllers();
app.Run();
`,
  "Endpoints/TodoEndpoints.cs": `using TodoApi.Models;

namespace TodoApi.Endpoints;

public static class TodoEndpoints
{
    public static RouteGroupBuilder MapTodoEndpoints(this RouteGroupBuilder group)
    {
        var todos = group.MapGroup("/todos");
        todos.MapGet("/", GetAll);
        todos.MapGet("/{id:int}", async (int id, TodoDb db) => Results.Ok());
        todos.MapPost("/", async (CreateTodoItem input, TodoDb db) => Results.Created());
        return group;
    }

    static async Task<List<TodoItemDTO>> GetAll(TodoDb db, int? limit) => new();
}
`,
};

describe("ASP.NET Core", () => {
  it("routes controllers by attribute (inherited [Route], tokens, ~/ overrides, areas) and minimal APIs through MapGroup and extension methods", async () => {
    const s = await scan(APP);
    expect(s.frameworks).toEqual(["aspnetcore"]);
    expect(table(s)).toEqual([
      "DELETE /api/admin/todos/{id} TodoItemsController.DeleteTodoItem auth",
      "GET /Billing/Invoices/{number} InvoicesController.Show",
      "GET /api/v1/TodoItems TodoItemsController.GetTodoItems",
      "GET /api/v1/TodoItems/{id} TodoItemsController.GetTodoItem auth",
      "GET /api/v2/todos TodoEndpoints.GetAll auth",
      "GET /api/v2/todos/{id} <inline> auth",
      "GET /health <inline>",
      "POST /api/v1/TodoItems TodoItemsController.PostTodoItem auth",
      "POST /api/v1/TodoItems/Archive TodoItemsController.ArchiveAsync auth",
      "POST /api/v2/todos <inline> auth",
      "PUT /api/v1/TodoItems/{id} TodoItemsController.PutTodoItem auth",
    ]);
  });

  it("binds parameters by source and constraint, and reads request and response DTOs", async () => {
    const s = await scan(APP);
    expect(endpoint(s, "GET /api/v1/TodoItems").params).toEqual([
      { name: "page", in: "query", type: "integer", required: false },
      { name: "q", in: "query", type: "string", required: false },
    ]);
    expect(endpoint(s, "GET /api/v1/TodoItems").responses).toEqual([{ dto: "TodoItemDTO[]" }]);
    const get = endpoint(s, "GET /api/v1/TodoItems/{id}");
    expect(get.params).toEqual([
      { name: "id", in: "path", type: "integer", required: true },
      { name: "x-request-id", in: "header", type: "string", required: false },
    ]);
    expect(get.responses).toEqual([{ status: 200, dto: "TodoItemDTO" }, { status: 404 }]);
    const post = endpoint(s, "POST /api/v1/TodoItems");
    expect(post.request).toBe("CreateTodoItem");
    expect(post.responses).toEqual([{ status: 201, dto: "TodoItemDTO" }]);
    expect(endpoint(s, "DELETE /api/admin/todos/{id}").params).toEqual([
      { name: "id", in: "path", type: "string", required: true, constraints: { format: "uuid" } },
    ]);
    expect(endpoint(s, "POST /api/v2/todos").request).toBe("CreateTodoItem");
    expect(endpoint(s, "GET /api/v2/todos").params).toEqual([
      { name: "limit", in: "query", type: "integer", required: false },
    ]);
    expect(s.dtos.find((d) => d.name === "CreateTodoItem")?.fields).toEqual([
      { name: "name", type: "string", required: true, constraints: { maxLength: 100, minLength: 3 } },
      { name: "stars", type: "integer", required: false, constraints: { minimum: 1, maximum: 5 } },
      { name: "due_at", type: "string", required: false, constraints: { format: "date-time" } },
      { name: "tags", type: "string[]", required: true, constraints: {} },
    ]);
    expect(s.dtos.find((d) => d.name === "TodoItemDTO")?.fields).toContainEqual({
      name: "priority",
      type: "string",
      required: false,
      constraints: { enum: ["Low", "Normal", "High"] },
    });
  });
});
