import { type Static, Type } from "@sinclair/typebox";

export const Genre = Type.Union([Type.Literal("fiction"), Type.Literal("history"), Type.Literal("science")]);

export const Book = Type.Object({
  id: Type.String({ format: "uuid" }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  genre: Genre,
  pages: Type.Integer({ minimum: 1 }),
  tags: Type.Array(Type.String(), { maxItems: 10 }),
});
export type Book = Static<typeof Book>;

export const CreateBook = Type.Omit(Book, ["id"]);

export const BookParams = Type.Object({ bookId: Type.String({ format: "uuid" }) });

export const ListBooksQuery = Type.Object({
  genre: Type.Optional(Genre),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});

// A helper that builds schemas: the manifest reads what it returns.
export const Page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer() });
