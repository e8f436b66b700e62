// NestJS as npm packages ship it: compiled by tsc with `experimentalDecorators` (what Nest's
// own tsconfig sets), so every `@Get()` is gone from the code and TypeScript's emit stands in
// its place: `__decorate([Get(":id"), __param(0, Param("id")), __metadata(...)], C.prototype,
// "m", null)` for a method, `C = __decorate([Controller("cats")], C)` for the class, after
// `let C = class C { … }` (TypeScript handbook, "Decorators"; tsc's emit of that option for
// ES modules and for CommonJS with `(0, common_1.Get)`). Written from those forms, not from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const HELPERS = `var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
`;

describe("NestJS compiled by tsc", () => {
  it("reads controllers and routes from `__decorate` calls in ES modules, with path parameters and guards", async () => {
    const s = await scan({
      "lib/cats/cats.controller.js": `${HELPERS}import { Body, Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { CreateCatDto } from './cats.dto.js';
let CatsController = class CatsController {
    findAll() {
        return [];
    }
    findOne(id) {
        return { id };
    }
    create(body) {
        return body;
    }
    remove(id) {
        return id;
    }
};
__decorate([
    Get(),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], CatsController.prototype, "findAll", null);
__decorate([
    Get(':id'),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], CatsController.prototype, "findOne", null);
__decorate([
    Post(),
    UseGuards(AuthGuard()),
    __param(0, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [CreateCatDto]),
    __metadata("design:returntype", void 0)
], CatsController.prototype, "create", null);
__decorate([
    Delete('/:id'),
    __param(0, Param('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], CatsController.prototype, "remove", null);
CatsController = __decorate([
    Controller('cats')
], CatsController);
export { CatsController };
`,
      "lib/cats/cats.dto.js": "export class CreateCatDto {\n}\n",
    });
    expect(ids(s)).toEqual(["DELETE /cats/{id}", "GET /cats", "GET /cats/{id}", "POST /cats"]);
    expect(endpointById(s, "POST /cats").auth).toBe(true);
    expect(endpointById(s, "POST /cats").request).toBe("CreateCatDto");
    expect(endpointById(s, "GET /cats/{id}").params).toEqual([
      { name: "id", in: "path", type: "string", required: true },
    ]);
  });

  it("reads CommonJS output, where each decorator is called as `(0, common_1.Get)(…)`", async () => {
    const s = await scan({
      "lib/app.controller.js": `"use strict";
${HELPERS}Object.defineProperty(exports, "__esModule", { value: true });
exports.HealthController = void 0;
const common_1 = require("@nestjs/common");
let HealthController = class HealthController {
    check() {
        return { ok: true };
    }
    ping() {
        return "pong";
    }
};
exports.HealthController = HealthController;
__decorate([
    (0, common_1.Get)(),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "check", null);
__decorate([
    (0, common_1.Post)('ping'),
    (0, common_1.HttpCode)(200),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "ping", null);
exports.HealthController = HealthController = __decorate([
    (0, common_1.Controller)('health')
], HealthController);
`,
    });
    expect(ids(s)).toEqual(["GET /health", "POST /health/ping"]);
    expect(endpointById(s, "POST /health/ping").responses).toEqual([{ status: 200 }]);
  });

  it("lists a route bootstrap adds on the underlying server through `app.getHttpAdapter()`, outside the global prefix", async () => {
    // Nest's docs (FAQ, "HTTP adapter"): `app.getHttpAdapter()` is the platform's adapter;
    // routes registered on it are the platform's own, so `setGlobalPrefix` does not apply.
    const s = await scan({
      "lib/main.js": `import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
async function bootstrap() {
    const app = await NestFactory.create(AppModule);
    app.getHttpAdapter().get('/', async (req, res) => {
        res.send('index');
    });
    app.setGlobalPrefix('/api');
    await app.listen(3000);
}
bootstrap();
`,
      "lib/app.module.js": `${HELPERS}import { Controller, Get, Module } from '@nestjs/common';
let StatusController = class StatusController {
    status() {
        return {};
    }
};
__decorate([
    Get(),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], StatusController.prototype, "status", null);
StatusController = __decorate([
    Controller('status')
], StatusController);
let AppModule = class AppModule {
};
AppModule = __decorate([
    Module({ controllers: [StatusController] })
], AppModule);
export { AppModule };
`,
    });
    expect(ids(s)).toEqual(["GET /", "GET /api/status"]);
  });

  it("reads a class that refers to itself, which tsc binds twice: `let C = C_1 = class C {…}`", async () => {
    // tsc's emit when a decorated class names itself in its body (a static, or
    // `new Logger(C.name)`): an alias `C_1` is declared, `let C = C_1 = class C { … }`, and the
    // class decorators are applied as `C = C_1 = __decorate([…], C)`; a subclass compiled apart
    // extends it through the export.
    const s = await scan({
      "lib/uploads.controller.js": `"use strict";
${HELPERS}var UploadsController_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.UploadsController = void 0;
const common_1 = require("@nestjs/common");
let UploadsController = UploadsController_1 = class UploadsController {
    logger = new common_1.Logger(UploadsController_1.name);
    list() {
        return [];
    }
    remove(id) {
        return id;
    }
};
exports.UploadsController = UploadsController;
__decorate([
    (0, common_1.Get)(),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], UploadsController.prototype, "list", null);
__decorate([
    (0, common_1.Delete)(':id'),
    __param(0, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", void 0)
], UploadsController.prototype, "remove", null);
exports.UploadsController = UploadsController = UploadsController_1 = __decorate([
    (0, common_1.Controller)('uploads')
], UploadsController);
`,
      "lib/files.controller.js": `"use strict";
${HELPERS}Object.defineProperty(exports, "__esModule", { value: true });
exports.FilesController = void 0;
const common_1 = require("@nestjs/common");
const uploads_controller_1 = require("./uploads.controller");
let FilesController = class FilesController extends uploads_controller_1.UploadsController {
};
exports.FilesController = FilesController;
exports.FilesController = FilesController = __decorate([
    (0, common_1.Controller)('files')
], FilesController);
`,
    });
    expect(ids(s)).toEqual(["DELETE /files/{id}", "DELETE /uploads/{id}", "GET /files", "GET /uploads"]);
    expect(endpointById(s, "DELETE /uploads/{id}").params).toEqual([
      { name: "id", in: "path", type: "string", required: true },
    ]);
  });
});
