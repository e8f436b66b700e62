// The method intent of a query: its first word read as a CRUD verb (seed lists, else its WordNet
// synonyms, lib/search's real table), a yes/no question about existence as HEAD, and the prior
// that lifts endpoints doing what was asked and lowers those doing the opposite.
import { describe, expect, it } from "vitest";
import { leadingCollocations, readVerbStems, WordNetExpander } from "../../../lib/search/index.js";
import { ApiVocabulary } from "../../src/search/api-vocabulary.js";
import {
  type IntentLookup,
  methodAgreement,
  methodIntent,
  nameAgreement,
  nameIntent,
} from "../../src/search/method-intent.js";

const wordnet = new WordNetExpander();
const resources = new Set(["book", "file", "order"]);
const vocabulary = new ApiVocabulary();
const verbs = new Set(readVerbStems());
const lookup: IntentLookup = {
  synonyms: (s) => wordnet.table.get(s)?.synonyms ?? [],
  group: (s) => vocabulary.group(s),
  isVerb: (s) => verbs.has(s),
  isResource: (s) => resources.has(s),
};
const intent = (query: string) =>
  methodIntent(query, lookup, vocabulary.leadingWord(query) ?? leadingCollocations(query, wordnet.table)[0]);

describe("method intent of a query", () => {
  it("reads the usual CRUD verb that starts a query as what it asks the API to do", () => {
    expect(intent("fetch the invoices of a month")).toBe("read");
    expect(intent("compose a message to a team")).toBe("create");
    expect(intent("set the colour of a label")).toBe("update");
    expect(intent("erase an old invoice")).toBe("delete");
    // The issue's own example: "stop following someone" asks for a DELETE ("stop" is a delete seed).
    expect(intent("stop following someone")).toBe("delete");
  });

  it("reads a verb outside the seed lists through its WordNet synonyms", () => {
    // WordNet: "alter" is a synonym of "change", "dispose" of "discard".
    expect(intent("alter a shipping address")).toBe("update");
    expect(intent("dispose of an expired token")).toBe("delete");
  });

  it("reads a phrase at the query's start as the verb it stands for", () => {
    // "sign in" stands for "login", which names no one operation; "sign" alone is a change.
    expect(intent("sign in with a password")).toBeUndefined();
    expect(intent("sign a form")).toBe("update");
  });

  it("reads a verb through the API vocabulary's words for it before WordNet's", () => {
    // "dump" is the vocabulary's word for an export, a read.
    expect(intent("dump every invoice into a file")).toBe("read");
  });

  it("reads a WordNet collocation at the query's start as the verb it stands for", () => {
    // "get" alone would be a read; "get rid of" is WordNet's synonym of "remove".
    expect(intent("get rid of an old invoice")).toBe("delete");
    expect(intent("call off the shipment")).toBe("delete"); // cancel
    // WordNet's "take down" names no intent, and its "take" is no action of its own.
    expect(intent("take down an article")).toBeUndefined();
  });

  it("reads any other verb as a change, by whichever write method", () => {
    expect(intent("borrow a book")).toBe("act");
    expect(intent("follow another author")).toBe("act");
    // Every write method is a write for a change; none is the one method that does it.
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(methodAgreement("act", method)).toEqual([0, 1, 0]);
    expect(methodAgreement("act", "GET")).toEqual([0, 0, 1]);
    expect(intent("timeline of my articles")).toBeUndefined(); // a noun only
    // A verb too, but WordNet tags it as a noun far more often: "home timeline" is no command.
    expect(intent("home timeline of the people I follow")).toBeUndefined();
  });

  it("takes a yes/no question about existence as a HEAD", () => {
    expect(intent("is there a user with this email, does it exist")).toBe("exists");
    expect(intent("check if an invoice exists")).toBe("exists");
  });

  it("finds no intent when the query starts with a noun or a word of no intent", () => {
    expect(intent("invoices of a customer")).toBeUndefined();
    expect(intent("book a table for two")).toBeUndefined(); // a resource's name: not read as a verb
    expect(intent("how much did we sell")).toBeUndefined();
  });

  it("tells the re-ranker whether the method does what was asked, writes for a change, or contradicts it", () => {
    // [the intent's own method, a write for a change, read against write]
    expect(methodAgreement("delete", "DELETE")).toEqual([1, 1, 0]);
    expect(methodAgreement("delete", "GET")).toEqual([0, 0, 1]);
    expect(methodAgreement("delete", "POST")).toEqual([0, 1, 0]); // an action such as POST …/cancel
    expect(methodAgreement("create", "POST")).toEqual([1, 1, 0]);
    expect(methodAgreement("read", "PUT")).toEqual([0, 0, 1]);
    expect(methodAgreement("exists", "HEAD")).toEqual([1, 0, 0]);
    expect(methodAgreement(undefined, "GET")).toEqual([0, 0, 0]);
    expect(methodAgreement("read", undefined)).toEqual([0, 0, 0]); // not an endpoint
  });
});

describe("operation named by an endpoint's path (a trial feature)", () => {
  it("reads the verb that starts the last named segment, as the query's verbs are read", () => {
    // RPC-style APIs: the method is GET or POST for everything, the name says what it does.
    expect(nameIntent("/rest/getAlbumList2.view", lookup)).toBe("read");
    expect(nameIntent("/rest/createPlaylist", lookup)).toBe("create");
    expect(nameIntent("/whitelist/remove", lookup)).toBe("delete");
    expect(nameIntent("/{name}/+modify/{id}", lookup)).toBe("update");
  });

  it("says nothing for a resource noun, a parameter alone or a verb of no one operation", () => {
    expect(nameIntent("/orders/{id}", lookup)).toBeUndefined(); // "order" is a resource here
    expect(nameIntent("/{id}", lookup)).toBeUndefined();
    expect(nameIntent("/users/follow", lookup)).toBeUndefined(); // "act": no one operation
  });

  it("agrees or conflicts only when both sides name one operation", () => {
    expect(nameAgreement("delete", "delete")).toEqual([1, 0]);
    expect(nameAgreement("read", "delete")).toEqual([0, 1]);
    expect(nameAgreement("act", "delete")).toEqual([0, 0]);
    expect(nameAgreement(undefined, "read")).toEqual([0, 0]);
    expect(nameAgreement("create", undefined)).toEqual([0, 0]);
  });
});
