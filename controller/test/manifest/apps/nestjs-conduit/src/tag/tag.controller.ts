import { Controller, Get } from "@nestjs/common";
import type { TagsRO } from "./tag.interface";
import { TagService } from "./tag.service";

@Controller("tags")
export class TagController {
  constructor(private readonly tagService: TagService) {}

  @Get()
  findAll(): Promise<TagsRO> {
    return this.tagService.findAll();
  }
}
