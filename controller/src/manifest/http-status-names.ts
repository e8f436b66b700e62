// Status codes by the constant names frameworks give them (`HttpStatus.NO_CONTENT` in NestJS,
// `HttpStatus.CREATED` in Spring, `HTTPStatus.OK` in Python): Node's reason phrases in
// UPPER_SNAKE case, plus the names some frameworks spell differently.

import { STATUS_CODES } from "node:http";

const OTHER_SPELLINGS: Record<string, number> = {
  EARLYHINTS: 103,
  AMBIGUOUS: 300,
  REQUEST_ENTITY_TOO_LARGE: 413,
  REQUEST_URI_TOO_LONG: 414,
  REQUESTED_RANGE_NOT_SATISFIABLE: 416,
  I_AM_A_TEAPOT: 418,
  IM_A_TEAPOT: 418,
  MISDIRECTED: 421,
  UNPROCESSABLE_CONTENT: 422,
};

export const HTTP_STATUS_NAMES: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    Object.entries(STATUS_CODES).map(([code, phrase]) => [
      (phrase ?? "").toUpperCase().replace(/[^A-Z0-9]+/g, "_"),
      Number(code),
    ]),
  ),
  ...OTHER_SPELLINGS,
};
