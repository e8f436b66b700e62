import { SetMetadata } from "@nestjs/common";

export const IS_PUBLIC = "isPublic";

// Opens one route of a controller that is guarded as a whole.
export const Public = () => SetMetadata(IS_PUBLIC, true);
