export enum Breed {
  Persian = "persian",
  Siamese = "siamese",
  Tabby = "tabby",
}

export interface Cat {
  id: number;
  name: string;
  age: number;
  breed: Breed;
  ownerEmail?: string;
}
