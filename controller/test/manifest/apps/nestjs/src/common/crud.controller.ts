import { Delete, Get, HttpCode, Param, ParseIntPipe, Query } from "@nestjs/common";
import type { PageQuery } from "./page-query.dto";

// Routes declared on a base class: every controller that extends it serves them.
export abstract class CrudController<T> {
  @Get()
  findAll(@Query() query: PageQuery): Promise<T[]> {
    return Promise.resolve(query.page ? [] : []);
  }

  @Get(":id")
  findOne(@Param("id", ParseIntPipe) id: number): Promise<T> {
    return Promise.reject(new Error(String(id)));
  }

  @Delete(":id")
  @HttpCode(204)
  remove(@Param("id", ParseIntPipe) id: number): void {
    void id;
  }
}
