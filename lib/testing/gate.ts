// A promise that a test opens when it chooses: a fake server or hook waits on it, so the test
// decides when a request is answered or a close finishes, instead of sleeping a fixed time.
export interface Gate {
  opened: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
