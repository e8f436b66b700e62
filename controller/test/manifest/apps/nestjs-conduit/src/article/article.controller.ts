import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from "@nestjs/common";
import { AuthGuard } from "../auth/auth.guard";
import type { AuthUser } from "../auth/auth-user";
import { CurrentUser } from "../auth/current-user.decorator";
import type { ArticleRO, ArticlesRO } from "./article.interface";
import { ARTICLE_ROUTES } from "./article.routes";
import { ArticleService } from "./article.service";
import { ArticleQueryDto, FeedQueryDto } from "./dto/article-query.dto";
import { CreateArticleDto } from "./dto/create-article.dto";
import { UpdateArticleDto } from "./dto/update-article.dto";

@Controller("articles")
export class ArticleController {
  constructor(private readonly articleService: ArticleService) {}

  @Get()
  findAll(
    @CurrentUser("id") viewerId: number | undefined,
    @Query() query: ArticleQueryDto,
  ): Promise<ArticlesRO> {
    return this.articleService.findAll(viewerId, query);
  }

  // Declared before `:slug`, or Nest would read "feed" as a slug.
  @Get(ARTICLE_ROUTES.feed)
  @UseGuards(AuthGuard)
  feed(@CurrentUser("id") userId: number, @Query() query: FeedQueryDto): Promise<ArticlesRO> {
    return this.articleService.feed(userId, query);
  }

  @Get(ARTICLE_ROUTES.bySlug)
  findOne(@CurrentUser("id") viewerId: number | undefined, @Param("slug") slug: string): Promise<ArticleRO> {
    return this.articleService.findOne(viewerId, slug);
  }

  @Post()
  @UseGuards(AuthGuard)
  create(@CurrentUser() user: AuthUser, @Body("article") article: CreateArticleDto): Promise<ArticleRO> {
    return this.articleService.create(user.id, user.username, article);
  }

  @Put(ARTICLE_ROUTES.bySlug)
  @UseGuards(AuthGuard)
  update(
    @CurrentUser("id") userId: number,
    @Param("slug") slug: string,
    @Body("article") changes: UpdateArticleDto,
  ): Promise<ArticleRO> {
    return this.articleService.update(userId, slug, changes);
  }

  @Delete(ARTICLE_ROUTES.bySlug)
  @UseGuards(AuthGuard)
  @HttpCode(204)
  delete(@CurrentUser("id") userId: number, @Param("slug") slug: string): Promise<void> {
    return this.articleService.delete(userId, slug);
  }

  @Post(ARTICLE_ROUTES.favorite)
  @UseGuards(AuthGuard)
  @HttpCode(HttpStatus.OK)
  favorite(@CurrentUser("id") userId: number, @Param("slug") slug: string): Promise<ArticleRO> {
    return this.articleService.favorite(userId, slug, true);
  }

  @Delete(ARTICLE_ROUTES.favorite)
  @UseGuards(AuthGuard)
  unFavorite(@CurrentUser("id") userId: number, @Param("slug") slug: string): Promise<ArticleRO> {
    return this.articleService.favorite(userId, slug, false);
  }
}
