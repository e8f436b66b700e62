// Laravel (SPEC §5, issue 20): route files as Laravel apps write them, with the routes
// `php artisan route:list` prints for them per Laravel's routing docs (GET|HEAD listed as GET,
// PUT|PATCH as both; resource actions and parameter names; api.php under /api).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();
const table = (s: ServiceManifest) =>
  s.endpoints.map((e) => `${e.id} ${e.handler}${e.auth ? " auth" : ""}`).sort();

describe("Laravel", () => {
  it("reads routes, groups, resources and controller groups, with api.php under the prefix its RouteServiceProvider gives", async () => {
    const s = await scan({
      "composer.json": '{"require":{"laravel/framework":"^10.0"}}',
      "app/Providers/RouteServiceProvider.php": `<?php

namespace App\\Providers;

use Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider as ServiceProvider;
use Illuminate\\Support\\Facades\\Route;

class RouteServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        $this->routes(function () {
            Route::middleware('api')
                ->prefix('rest')
                ->group(base_path('routes/api.php'));

            Route::middleware('web')
                ->group(base_path('routes/web.php'));
        });
    }
}
`,
      "routes/api.php": `<?php

use App\\Http\\Controllers\\Api\\PostController;
use App\\Http\\Controllers\\OrderController;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Route;

Route::get('/user', function (Request $request) {
    return $request->user();
})->middleware('auth:sanctum');

Route::prefix('v1')->group(function () {
    Route::apiResource('posts', PostController::class)->only(['index', 'show']);
    Route::apiResource('posts.comments', CommentController::class)->except(['destroy']);
    Route::post('users', 'UserController@store');
    Route::match(['get', 'post'], '/search/{term?}', [SearchController::class, 'run']);

    Route::middleware(['auth:sanctum'])->group(function () {
        Route::controller(OrderController::class)->group(function () {
            Route::get('/orders/{id}', 'show');
            Route::post('/orders', 'store');
        });
    });
});
`,
      "routes/web.php": `<?php

use App\\Http\\Controllers\\PhotoController;
use Illuminate\\Support\\Facades\\Route;

Route::get('/', function () {
    return view('welcome');
});

Route::group(['prefix' => 'admin', 'middleware' => ['auth']], function () {
    Route::resource('photos', PhotoController::class)->except(['create', 'edit']);
    Route::get('/reports', ShowReports::class);
});

Route::view('/about', 'about');

require __DIR__.'/auth.php';
`,
      "routes/auth.php": `<?php

use App\\Http\\Controllers\\Auth\\AuthenticatedSessionController;
use Illuminate\\Support\\Facades\\Route;

Route::middleware('guest')->group(function () {
    Route::post('login', [AuthenticatedSessionController::class, 'store']);
});
`,
    });
    expect(s.frameworks).toEqual(["laravel"]);
    expect(table(s)).toEqual([
      "DELETE /admin/photos/{photo} PhotoController.destroy auth",
      "GET / <inline>",
      "GET /about <inline>",
      "GET /admin/photos PhotoController.index auth",
      "GET /admin/photos/{photo} PhotoController.show auth",
      "GET /admin/reports ShowReports.__invoke auth",
      "GET /rest/user <inline> auth",
      "GET /rest/v1/orders/{id} OrderController.show auth",
      "GET /rest/v1/posts PostController.index",
      "GET /rest/v1/posts/{post} PostController.show",
      "GET /rest/v1/posts/{post}/comments CommentController.index",
      "GET /rest/v1/posts/{post}/comments/{comment} CommentController.show",
      "GET /rest/v1/search/{term} SearchController.run",
      "PATCH /admin/photos/{photo} PhotoController.update auth",
      "PATCH /rest/v1/posts/{post}/comments/{comment} CommentController.update",
      "POST /admin/photos PhotoController.store auth",
      "POST /login AuthenticatedSessionController.store",
      "POST /rest/v1/orders OrderController.store auth",
      "POST /rest/v1/posts/{post}/comments CommentController.store",
      "POST /rest/v1/search/{term} SearchController.run",
      "POST /rest/v1/users UserController.store",
      "PUT /admin/photos/{photo} PhotoController.update auth",
      "PUT /rest/v1/posts/{post}/comments/{comment} CommentController.update",
    ]);
    expect(s.endpoints.find((e) => e.path === "/login")?.file).toBe("routes/auth.php");
  });

  it("takes the api prefix from bootstrap/app.php's withRouting (Laravel 11), and ignores vendor/", async () => {
    const s = await scan({
      "bootstrap/app.php": `<?php

use Illuminate\\Foundation\\Application;

return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(
        web: __DIR__.'/../routes/web.php',
        api: __DIR__.'/../routes/api.php',
        commands: __DIR__.'/../routes/console.php',
        health: '/up',
        apiPrefix: 'api/v2',
    )
    ->create();
`,
      "routes/api.php": `<?php
use Illuminate\\Support\\Facades\\Route;
Route::get('/status', [StatusController::class, 'show']);
`,
      "vendor/laravel/sanctum/routes/web.php": `<?php
use Illuminate\\Support\\Facades\\Route;
Route::get('/sanctum/csrf-cookie', [CsrfCookieController::class, 'show']);
`,
      "routes/web.php": `<?php
use Illuminate\\Support\\Facades\\Route;
Route::get('/dashboard', DashboardController::class)->middleware(['auth', 'verified']);
`,
    });
    expect(table(s)).toEqual([
      "GET /api/v2/status StatusController.show",
      "GET /dashboard DashboardController.__invoke auth",
    ]);
  });

  it("takes a FormRequest's rules, or the action's $request->validate([...]), as the request DTO", async () => {
    const s = await scan({
      "routes/api.php": `<?php
use App\\Http\\Controllers\\UserController;
use Illuminate\\Support\\Facades\\Route;
Route::post('/users', [UserController::class, 'store']);
Route::patch('/users/{user}', [UserController::class, 'update']);
`,
      "app/Http/Requests/StoreUserRequest.php": `<?php

namespace App\\Http\\Requests;

use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;

class StoreUserRequest extends FormRequest
{
    public function authorize(): bool
    {
        return true;
    }

    public function rules(): array
    {
        return [
            'name' => 'required|string|max:255',
            'email' => ['required', 'email', Rule::unique('users')],
            'age' => 'nullable|integer|min:18',
            'role' => 'in:admin,member',
            'tags' => 'array|max:5',
            'tags.*' => 'string',
            'address.city' => 'string',
        ];
    }
}
`,
      "app/Http/Controllers/UserController.php": `<?php

namespace App\\Http\\Controllers;

use App\\Http\\Requests\\StoreUserRequest;
use Illuminate\\Http\\Request;

class UserController extends Controller
{
    public function store(StoreUserRequest $request)
    {
        return response()->json(User::create($request->validated()), 201);
    }

    public function update(Request $request, User $user)
    {
        $data = $request->validate([
            'name' => 'sometimes|string|between:2,50',
        ]);
        return $user->update($data);
    }
}
`,
    });
    const store = s.endpoints.find((e) => e.id === "POST /api/users");
    expect(store?.request).toBe("StoreUserRequest");
    expect(s.dtos.find((d) => d.name === "StoreUserRequest")?.fields).toEqual([
      { name: "name", type: "string", required: true, constraints: { maxLength: 255 } },
      { name: "email", type: "string", required: true, constraints: { format: "email" } },
      { name: "age", type: "integer", required: false, constraints: { minimum: 18 } },
      { name: "role", type: "string", required: false, constraints: { enum: ["admin", "member"] } },
      { name: "tags", type: "string[]", required: false, constraints: { maxItems: 5 } },
    ]);
    expect(s.endpoints.find((e) => e.id === "PATCH /api/users/{user}")?.request).toBe(
      "PatchApiUsersUserBody",
    );
    expect(s.dtos.find((d) => d.name === "PatchApiUsersUserBody")?.fields).toEqual([
      { name: "name", type: "string", required: false, constraints: { minLength: 2, maxLength: 50 } },
    ]);
  });
});
