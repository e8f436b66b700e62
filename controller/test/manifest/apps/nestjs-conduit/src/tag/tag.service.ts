import { Injectable } from "@nestjs/common";
import type { TagsRO } from "./tag.interface";

@Injectable()
export class TagService {
  private readonly tags = new Set<string>();

  record(tagList: readonly string[]): void {
    for (const tag of tagList) this.tags.add(tag);
  }

  async findAll(): Promise<TagsRO> {
    return { tags: [...this.tags].sort() };
  }
}
