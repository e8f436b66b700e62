import { OmitType, PartialType } from "@nestjs/mapped-types";
import { CreateArticleDto } from "./create-article.dto";

// RealWorld lets an author change the title, description and body; tags are set at creation.
export class UpdateArticleDto extends PartialType(OmitType(CreateArticleDto, ["tagList"] as const)) {}
