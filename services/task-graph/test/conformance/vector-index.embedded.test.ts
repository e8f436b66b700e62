import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { describeVectorIndexConformance } from "./vector-index.conformance.js";

describeVectorIndexConformance("embedded exact cosine", async () => {
  // A tiny initial capacity so the conformance cases also exercise growth.
  const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
  await index.init();
  return index;
});

describeVectorIndexConformance("embedded exact cosine, room reserved before the first item", async () => {
  // Start-up reserves room for every document in one step, before the dimension is known.
  const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
  await index.init();
  await index.reserve(1000);
  return index;
});
