import { Module } from "@nestjs/common";
import { AuthController } from "./auth/auth.controller";
import { CatsController } from "./cats/cats.controller";
import { HealthController } from "./health.controller";

@Module({ controllers: [CatsController, AuthController, HealthController] })
export class AppModule {}
