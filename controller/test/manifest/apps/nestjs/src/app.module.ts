import { Module } from "@nestjs/common";
import { RouterModule } from "@nestjs/core";
import { AdminModule } from "./admin/admin.module";
import { AuthController } from "./auth/auth.controller";
import { CatsController } from "./cats/cats.controller";
import { HealthController } from "./health.controller";

@Module({
  imports: [AdminModule, RouterModule.register([{ path: "admin", module: AdminModule }])],
  controllers: [CatsController, AuthController, HealthController],
})
export class AppModule {}
