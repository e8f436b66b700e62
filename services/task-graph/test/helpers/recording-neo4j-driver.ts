// A recorder standing in for neo4j-driver's Driver where no Neo4j server can run. It is not a
// Neo4j mock: it executes nothing and answers every statement with no rows. It only keeps each
// statement the adapter sends and the parameters sent with it, so the statements can be checked
// by Neo4j's own Cypher parser and semantic analysis (neo4j-cypher-lint.test.ts).
import type { Driver } from "neo4j-driver";

export interface SentStatement {
  query: string;
  params: Record<string, unknown>;
  /** The access mode of the session that sent it. */
  mode: "READ" | "WRITE";
}

type Work = (tx: { run: (query: string, params?: Record<string, unknown>) => Promise<unknown> }) => unknown;

export function recordingNeo4jDriver(): { driver: Driver; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  const transaction = (mode: SentStatement["mode"]) => ({
    run: async (query: string, params: Record<string, unknown> = {}) => {
      sent.push({ query, params, mode });
      return { records: [] };
    },
  });
  // Every way the driver can send a statement records it: managed transactions, auto-commit
  // session.run and driver.executeQuery.
  const driver = {
    verifyConnectivity: async () => ({}),
    close: async () => {},
    executeQuery: async (query: string, params?: Record<string, unknown>, config?: { routing?: string }) =>
      transaction(config?.routing === "READ" ? "READ" : "WRITE").run(query, params),
    session: (config: { defaultAccessMode?: string } = {}) => {
      const own = transaction(config.defaultAccessMode === "READ" ? "READ" : "WRITE");
      return {
        executeRead: async (work: Work) => work(transaction("READ")),
        executeWrite: async (work: Work) => work(transaction("WRITE")),
        run: own.run,
        close: async () => {},
      };
    },
  };
  return { driver: driver as unknown as Driver, sent };
}
