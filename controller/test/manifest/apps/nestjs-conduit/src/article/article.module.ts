import { Module } from "@nestjs/common";
import { ProfileModule } from "../profile/profile.module";
import { ArticleController } from "./article.controller";
import { ArticleService } from "./article.service";
import { CommentsController } from "./comments.controller";

@Module({
  imports: [ProfileModule],
  controllers: [ArticleController, CommentsController],
  providers: [ArticleService],
})
export class ArticleModule {}
