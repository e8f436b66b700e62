import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseIntPipe,
  Post,
  UseGuards,
} from "@nestjs/common";
import { AuthGuard } from "../auth/auth.guard";
import type { AuthUser } from "../auth/auth-user";
import { CurrentUser } from "../auth/current-user.decorator";
import { Public } from "../auth/public.decorator";
import type { CommentRO, CommentsRO } from "./article.interface";
import { ArticleService } from "./article.service";
import { CreateCommentDto } from "./dto/create-comment.dto";

// Comments live under their article: the controller's own prefix carries the `:slug` parameter.
@Controller("articles/:slug/comments")
@UseGuards(AuthGuard)
export class CommentsController {
  constructor(private readonly articleService: ArticleService) {}

  @Get()
  @Public()
  findAll(@CurrentUser("id") viewerId: number | undefined, @Param("slug") slug: string): Promise<CommentsRO> {
    return this.articleService.comments(viewerId, slug);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Param("slug") slug: string,
    @Body("comment") comment: CreateCommentDto,
  ): Promise<CommentRO> {
    return this.articleService.addComment(user.id, user.username, slug, comment);
  }

  @Delete(":id")
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(
    @CurrentUser("id") userId: number,
    @Param("slug") slug: string,
    @Param("id", ParseIntPipe) id: number,
  ): Promise<void> {
    return this.articleService.deleteComment(userId, slug, id);
  }
}
