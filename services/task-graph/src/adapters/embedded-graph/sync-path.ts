// fsync of a file or folder by path: a rename or a new file is durable only once its folder is.
import { open } from "node:fs/promises";

export async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
