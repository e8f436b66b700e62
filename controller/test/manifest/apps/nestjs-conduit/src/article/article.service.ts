import { ForbiddenException, Injectable, NotFoundException } from "@nestjs/common";
import { ProfileService } from "../profile/profile.service";
import type {
  ArticleData,
  ArticleRO,
  ArticlesRO,
  CommentData,
  CommentRO,
  CommentsRO,
} from "./article.interface";
import type { ArticleQueryDto, FeedQueryDto } from "./dto/article-query.dto";
import type { CreateArticleDto } from "./dto/create-article.dto";
import type { CreateCommentDto } from "./dto/create-comment.dto";
import type { UpdateArticleDto } from "./dto/update-article.dto";

interface StoredArticle extends Omit<ArticleData, "author" | "favorited" | "favoritesCount"> {
  authorId: number;
  authorName: string;
  favoritedBy: Set<number>;
  comments: (Omit<CommentData, "author"> & { authorId: number; authorName: string })[];
}

const slugify = (title: string) =>
  `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Date.now().toString(36)}`;

@Injectable()
export class ArticleService {
  private readonly articles = new Map<string, StoredArticle>();
  private nextCommentId = 1;

  constructor(private readonly profiles: ProfileService) {}

  async findAll(viewerId: number | undefined, q: ArticleQueryDto): Promise<ArticlesRO> {
    const matching = [...this.articles.values()]
      .filter((a) => !q.tag || a.tagList.includes(q.tag))
      .filter((a) => !q.author || a.authorName === q.author)
      .filter((a) => !q.favorited || [...a.favoritedBy].some((id) => this.nameOf(id) === q.favorited))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return this.page(viewerId, matching, q);
  }

  async feed(userId: number, q: FeedQueryDto): Promise<ArticlesRO> {
    const followed = [...this.articles.values()].filter(
      (a) => this.profiles.profileOf(userId, a.authorName).following,
    );
    return this.page(userId, followed, q);
  }

  async findOne(viewerId: number | undefined, slug: string): Promise<ArticleRO> {
    return { article: this.view(viewerId, this.stored(slug)) };
  }

  async create(userId: number, authorName: string, dto: CreateArticleDto): Promise<ArticleRO> {
    const now = new Date();
    const stored: StoredArticle = {
      slug: slugify(dto.title),
      title: dto.title,
      description: dto.description,
      body: dto.body,
      tagList: dto.tagList ?? [],
      createdAt: now,
      updatedAt: now,
      authorId: userId,
      authorName,
      favoritedBy: new Set(),
      comments: [],
    };
    this.articles.set(stored.slug, stored);
    return { article: this.view(userId, stored) };
  }

  async update(userId: number, slug: string, dto: UpdateArticleDto): Promise<ArticleRO> {
    const stored = this.owned(userId, slug);
    Object.assign(stored, dto, { updatedAt: new Date() });
    return { article: this.view(userId, stored) };
  }

  async delete(userId: number, slug: string): Promise<void> {
    this.owned(userId, slug);
    this.articles.delete(slug);
  }

  async favorite(userId: number, slug: string, on: boolean): Promise<ArticleRO> {
    const stored = this.stored(slug);
    if (on) stored.favoritedBy.add(userId);
    else stored.favoritedBy.delete(userId);
    return { article: this.view(userId, stored) };
  }

  async comments(viewerId: number | undefined, slug: string): Promise<CommentsRO> {
    const stored = this.stored(slug);
    return { comments: stored.comments.map((c) => this.commentView(viewerId, c)) };
  }

  async addComment(
    userId: number,
    authorName: string,
    slug: string,
    dto: CreateCommentDto,
  ): Promise<CommentRO> {
    const now = new Date();
    const comment = {
      id: this.nextCommentId++,
      createdAt: now,
      updatedAt: now,
      body: dto.body,
      authorId: userId,
      authorName,
    };
    this.stored(slug).comments.push(comment);
    return { comment: this.commentView(userId, comment) };
  }

  async deleteComment(userId: number, slug: string, id: number): Promise<void> {
    const stored = this.stored(slug);
    const comment = stored.comments.find((c) => c.id === id);
    if (!comment) throw new NotFoundException("comment not found");
    if (comment.authorId !== userId) throw new ForbiddenException("only the author may delete a comment");
    stored.comments = stored.comments.filter((c) => c.id !== id);
  }

  private page(viewerId: number | undefined, list: StoredArticle[], q: FeedQueryDto): ArticlesRO {
    const offset = q.offset ?? 0;
    const limit = q.limit ?? 20;
    const articles = list.slice(offset, offset + limit).map((a) => this.view(viewerId, a));
    return { articles, articlesCount: list.length };
  }

  private stored(slug: string): StoredArticle {
    const found = this.articles.get(slug);
    if (!found) throw new NotFoundException("article not found");
    return found;
  }

  private owned(userId: number, slug: string): StoredArticle {
    const found = this.stored(slug);
    if (found.authorId !== userId) throw new ForbiddenException("only the author may change an article");
    return found;
  }

  private nameOf(userId: number): string | undefined {
    return [...this.articles.values()].find((a) => a.authorId === userId)?.authorName;
  }

  private view(viewerId: number | undefined, a: StoredArticle): ArticleData {
    const { authorId, authorName, favoritedBy, comments, ...fields } = a;
    void authorId;
    void comments;
    return {
      ...fields,
      favorited: viewerId !== undefined && favoritedBy.has(viewerId),
      favoritesCount: favoritedBy.size,
      author: this.profiles.profileOf(viewerId, authorName),
    };
  }

  private commentView(viewerId: number | undefined, c: StoredArticle["comments"][number]): CommentData {
    const { authorId, authorName, ...fields } = c;
    void authorId;
    return { ...fields, author: this.profiles.profileOf(viewerId, authorName) };
  }
}
