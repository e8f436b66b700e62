export type Visibility = "private" | "shared" | "public";

export interface Note {
  id: string;
  title: string;
  body?: string;
  visibility: Visibility;
}
