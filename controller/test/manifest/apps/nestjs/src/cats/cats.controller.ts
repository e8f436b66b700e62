import { Body, Controller, Headers, Param, ParseIntPipe, Post, Put, UseGuards } from "@nestjs/common";
import { JwtGuard } from "../auth/jwt.guard";
import { CrudController } from "../common/crud.controller";
import type { Cat } from "./cat.entity";
import type { CreateCatDto, UpdateCatDto } from "./cats.dto";

@Controller("cats")
@UseGuards(JwtGuard)
export class CatsController extends CrudController<Cat> {
  @Post()
  create(@Body() dto: CreateCatDto, @Headers("x-request-id") requestId?: string): Promise<Cat> {
    return Promise.reject(new Error(`${dto.name} ${requestId}`));
  }

  @Put(":id")
  update(@Param("id", ParseIntPipe) id: number, @Body() dto: UpdateCatDto): Promise<Cat> {
    return Promise.reject(new Error(`${id} ${dto.name}`));
  }
}
