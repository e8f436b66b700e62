import { Module } from "@nestjs/common";
import { ArticleModule } from "./article/article.module";
import { ProfileModule } from "./profile/profile.module";
import { TagModule } from "./tag/tag.module";
import { UserModule } from "./user/user.module";

@Module({
  imports: [UserModule, ProfileModule, ArticleModule, TagModule],
})
export class AppModule {}
