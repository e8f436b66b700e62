import { Controller, Get, VERSION_NEUTRAL } from "@nestjs/common";

@Controller()
export class HealthController {
  @Get("health")
  check(): { status: string } {
    return { status: "ok" };
  }
}
