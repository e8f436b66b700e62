export interface TagsRO {
  tags: string[];
}
