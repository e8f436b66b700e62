import { Controller, Get, Query } from "@nestjs/common";

// Served under RouterModule's "admin" path (app.module.ts), then this controller's own.
@Controller("stats")
export class StatsController {
  @Get("daily")
  daily(@Query("day") day?: string): { day: string; adoptions: number } {
    return { day: day ?? "today", adoptions: 0 };
  }
}
